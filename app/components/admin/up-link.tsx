import { Link } from "react-router";

/** The way back up from a page to its list ("Products" above a product's stock). */
export function UpLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="text-sm">
      <Link to={to} className="underline underline-offset-4">
        {children}
      </Link>
    </p>
  );
}
