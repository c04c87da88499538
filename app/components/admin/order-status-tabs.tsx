import { Link } from "react-router";
import type { OrderStatus } from "#core/order-status.ts";

const TABS: { label: string; status?: OrderStatus }[] = [
  { label: "All" },
  { label: "To ship", status: "placed" },
  { label: "Shipped", status: "shipped" },
  { label: "Delivered", status: "delivered" },
  { label: "Cancelled", status: "cancelled" },
  { label: "Returned to origin", status: "returned-to-origin" },
];

/** The Orders tab's statuses, as links (the status lives in the URL, like the search and the page). */
export function OrderStatusTabs({ current, q }: { current: OrderStatus | undefined; q: string | undefined }) {
  return (
    <nav aria-label="Order status" className="mt-4 overflow-x-auto">
      <ul className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((tab) => {
          const params = new URLSearchParams({ tab: "orders" });
          if (tab.status) params.set("status", tab.status);
          if (q) params.set("q", q);
          const active = tab.status === current;
          return (
            <li key={tab.label}>
              <Link
                to={`/dashboard?${params}`}
                aria-current={active ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active
                    ? "border-gold-600 text-zinc-950 dark:border-gold-400 dark:text-zinc-50"
                    : "border-transparent text-zinc-600 hover:text-zinc-950 dark:text-zinc-400 dark:hover:text-zinc-50"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
