import type { OrderStatus } from "#core/order-status.ts";
import { useT } from "../../locales/i18n.ts";

const COLOURS: Record<OrderStatus, string> = {
  placed: "bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-200",
  shipped: "bg-yellow-100 text-yellow-800 dark:bg-yellow-900/60 dark:text-yellow-200",
  delivered: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200",
  cancelled: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200",
  "returned-to-origin": "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100",
};

/** Placed blue, Shipped yellow, Delivered green, Cancelled red, Returned to origin grey. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status]}`}
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}
