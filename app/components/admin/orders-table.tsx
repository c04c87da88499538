import { Link } from "react-router";
import type { AdminOrderRow } from "#server/admin/admin.schemas.ts";
import { formatShopDate } from "../../lib/dates.ts";
import { formatRs } from "../../lib/money.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { StatusBadge } from "../orders/status-badge.tsx";
import { TableHead } from "./table-head.tsx";

type Row = AdminOrderRow;

const HEADINGS = [
  "Order No / Payment Id",
  "Image",
  "Title",
  "Price",
  "Category",
  "Name",
  "Address",
  "Pincode",
  "Phone Number",
  "Email",
  "Date",
  "Order Status",
  "Action",
];

export function OrdersTable({ rows }: { rows: Row[] }) {
  return (
    <table className="w-full min-w-[80rem] text-left text-sm">
      <caption className="sr-only">Orders</caption>
      <TableHead headings={HEADINGS} />
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.id}
            className="border-b border-zinc-100 align-top dark:border-zinc-800"
            data-testid="admin-order-row"
          >
            <td className="px-2 py-2">
              <p className="font-medium">{row.orderNumber}</p>
              <p className="font-mono text-xs text-zinc-500">{row.paymentRef}</p>
            </td>
            <td className="px-2 py-2">{row.image ? <ProductThumbnail image={row.image} width={48} /> : null}</td>
            <td className="px-2 py-2">
              {row.title}
              {row.itemCount > 1 ? <span className="block text-xs text-zinc-500">{row.itemCount} items</span> : null}
            </td>
            <td className="px-2 py-2">{formatRs(row.total)}</td>
            <td className="px-2 py-2">{row.category}</td>
            <td className="px-2 py-2">{row.name}</td>
            <td className="max-w-48 px-2 py-2">{row.address}</td>
            <td className="px-2 py-2">{row.pincode}</td>
            <td className="px-2 py-2">{row.phone}</td>
            <td className="px-2 py-2">{row.email}</td>
            <td className="px-2 py-2 whitespace-nowrap">{formatShopDate(row.createdAt)}</td>
            <td className="px-2 py-2">
              <StatusBadge status={row.status} />
            </td>
            <td className="px-2 py-2">
              <Link to={`/admin/updateorderstatus?id=${row.id}`} className="btn-outline px-2 py-1 whitespace-nowrap">
                Update Order
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
