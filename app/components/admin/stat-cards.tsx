import { formatInr } from "#core/money.ts";
import type { DashboardFigures } from "#server/admin/admin.schemas.ts";

/**
 * Real figures: products on sale, orders, users; where the buyers' money is (record 32): revenue
 * received (online, and cash the couriers remitted, less refunds), cash on delivery still with the
 * couriers, and refunds apart; the value booked (orders not cancelled) and orders still to ship.
 */
export function StatCards({ figures }: { figures: DashboardFigures }) {
  const cards = [
    { label: "Total Products", value: String(figures.totalProducts) },
    { label: "Total Orders", value: String(figures.totalOrders) },
    { label: "Total Users", value: String(figures.totalUsers) },
    {
      label: "Revenue received",
      value: formatInr(figures.revenue),
      note: figures.refunded > 0 ? `${formatInr(figures.received)} in, less refunds` : "online, and cash remitted",
    },
    { label: "COD with couriers", value: formatInr(figures.codWithCouriers), note: "collected, not yet remitted" },
    { label: "Refunded", value: formatInr(figures.refunded), note: "gone back to buyers" },
    { label: "Booked", value: formatInr(figures.booked), note: "orders not cancelled" },
    { label: "Orders to ship", value: String(figures.ordersToShip) },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="card p-4">
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">{card.label}</dt>
          <dd className="mt-1 text-2xl font-semibold" data-testid={`stat-${card.label}`}>
            {card.value}
          </dd>
          {"note" in card && card.note ? (
            <dd className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{card.note}</dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
