import { formatInr } from "#core/money.ts";
import type { DashboardFigures } from "#server/admin/admin.schemas.ts";

/**
 * Real figures: products on sale, orders, users, revenue (₹ actually received: paid online or cash
 * collected), the value booked (orders not cancelled) and orders still to ship.
 */
export function StatCards({ figures }: { figures: DashboardFigures }) {
  const cards = [
    { label: "Total Products", value: String(figures.totalProducts) },
    { label: "Total Orders", value: String(figures.totalOrders) },
    { label: "Total Users", value: String(figures.totalUsers) },
    { label: "Revenue", value: formatInr(figures.revenue) },
    { label: "Booked", value: formatInr(figures.booked) },
    { label: "Orders to ship", value: String(figures.ordersToShip) },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((card) => (
        <div key={card.label} className="card p-4">
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">{card.label}</dt>
          <dd className="mt-1 text-2xl font-semibold" data-testid={`stat-${card.label}`}>
            {card.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
