import { Link } from "react-router";
import { formatShopDate } from "#core/dates.ts";
import { formatRs } from "#core/money.ts";
import { ORDER_TRANSITIONS } from "#core/order-status.ts";
import type { AdminOrderRow } from "#server/admin/admin.schemas.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { StatusBadge } from "../orders/status-badge.tsx";
import { AdminTable } from "./admin-table.tsx";

type Row = AdminOrderRow;

const HEADINGS = [
  "Order No / Payment Id · Date",
  "Image",
  "Title · Category",
  "Price",
  "Name · Phone Number · Email",
  "Address · Pincode",
  "Order Status",
  "Update Order",
];

/**
 * Marks an order whose goods need an e-way bill (CGST Rule 138): in amber while it waits for the
 * number before shipping, quietly once the number is entered.
 */
function EwayBillMark({ row }: { row: Row }) {
  const { needed, number } = row.ewayBill;
  if (!needed || (!number && row.status === "cancelled")) return null;
  return number ? (
    <p className="mt-1 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400" title={`E-way bill ${number}`}>
      E-way bill ✓
    </p>
  ) : (
    <p
      className="mt-1 inline-flex rounded bg-amber-100 px-1.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
      data-testid="eway-bill-needed"
    >
      E-way bill needed
    </p>
  );
}

/**
 * The orders, newest first, sized to fit beside the admin navigation at 1366 px: the customer's
 * details and the address each in one cell (the address shortened to two lines, whole on hover),
 * and Update Order only where the status can still change.
 */
export function OrdersTable({ rows, arrived }: { rows: Row[]; arrived?: ReadonlySet<number> }) {
  return (
    <AdminTable caption="Orders" headings={HEADINGS} minWidth="min-w-[56rem]">
      {rows.map((row) => (
        <tr
          key={row.id}
          className={`border-b border-zinc-100 align-top dark:border-zinc-800 ${arrived?.has(row.id) ? "bg-gold-50 dark:bg-gold-900/40" : ""}`}
          data-testid="admin-order-row"
        >
          <td className="px-2 py-2">
            <p className="font-medium whitespace-nowrap">
              {row.orderNumber}
              {arrived?.has(row.id) ? (
                <span
                  className="ml-1.5 rounded bg-gold-400 px-1 text-xs font-semibold text-zinc-950"
                  data-testid="new-order"
                >
                  New
                </span>
              ) : null}
            </p>
            <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{row.paymentRef}</p>
            <p className="text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
              {formatShopDate(row.createdAt)}
            </p>
          </td>
          <td className="px-2 py-2">{row.image ? <ProductThumbnail image={row.image} width={48} /> : null}</td>
          <td className="max-w-56 px-2 py-2">
            <p>{row.title}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {row.category}
              {row.itemCount > 1 ? ` · ${row.itemCount} items` : ""}
            </p>
          </td>
          <td className="px-2 py-2 whitespace-nowrap">{formatRs(row.total)}</td>
          <td className="max-w-56 px-2 py-2">
            <p>{row.name}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{row.phone}</p>
            <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{row.email}</p>
          </td>
          <td className="max-w-64 px-2 py-2">
            <p className="line-clamp-2" title={row.address}>
              {row.address}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{row.pincode}</p>
          </td>
          <td className="px-2 py-2">
            <StatusBadge status={row.status} />
            <EwayBillMark row={row} />
          </td>
          <td className="px-2 py-2">
            {ORDER_TRANSITIONS[row.status].length > 0 ? (
              <Link to={`/admin/updateorderstatus?id=${row.id}`} className="btn-outline px-2 py-1 whitespace-nowrap">
                Update Order
              </Link>
            ) : (
              <Link to={`/admin/updateorderstatus?id=${row.id}`} className="text-xs underline whitespace-nowrap">
                View
              </Link>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
