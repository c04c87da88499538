import { Link } from "react-router";

export function NotFoundScreen() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-semibold text-gold-700 dark:text-gold-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        The page you are looking for does not exist, or the product is no longer available.
      </p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <Link to="/allproducts" className="btn-outline">
          Browse all products
        </Link>
      </div>
    </section>
  );
}
