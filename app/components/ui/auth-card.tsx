import { Link } from "react-router";

type AuthCardProps = {
  title: string;
  /** The way to the other form: "Don't have an account?" → Signup, and back. */
  other: { question: string; label: string; to: string };
  children: React.ReactNode;
};

/** The centred card of the login and signup screens, with the link to the other one. */
export function AuthCard({ title, other, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="card flex flex-col gap-5 p-8">
        <h1 className="text-center font-display text-3xl font-semibold">{title}</h1>
        {children}
        <p className="text-center text-sm">
          {other.question}{" "}
          <Link to={other.to} className="font-semibold text-gold-700 underline dark:text-gold-300">
            {other.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
