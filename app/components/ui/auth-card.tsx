/** The centred card of the login and signup screens. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="card flex flex-col gap-5 p-8">
        <h1 className="text-center font-display text-3xl font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  );
}
