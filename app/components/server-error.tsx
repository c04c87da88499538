import { Link } from "../locales/link.tsx";

/** The generic fallback: the spec's heading with a message that is safe to show. */
export function ServerError({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{message}</p>
      <Link to="/" className="btn-primary mt-8">
        Go home
      </Link>
    </section>
  );
}
