import type { LucideIcon } from "lucide-react";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

/** An icon link with the number of things behind it (the cart's items, the wishlist's products). */
export function CountLink({
  to,
  label,
  name,
  count,
  Icon,
}: {
  to: string;
  label: string;
  /** The link's name in the page's language. */
  name: string;
  count: number;
  Icon: LucideIcon;
}) {
  const t = useT();
  return (
    <Link
      to={to}
      className="relative flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      aria-label={count === 1 ? t("frame.countItem", { label: name }) : t("frame.countItems", { label: name, count })}
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
