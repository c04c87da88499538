import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

/** An icon link with the number of things behind it (the cart's items, the wishlist's products). */
export function CountLink({ to, label, count, Icon }: { to: string; label: string; count: number; Icon: LucideIcon }) {
  return (
    <Link
      to={to}
      className="relative flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      aria-label={`${label}, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <Icon aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          data-testid={`${label.toLowerCase()}-count`}
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-xs font-bold text-zinc-950"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
