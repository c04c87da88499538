import { Pencil, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { formatShopDate } from "#core/dates.ts";
import { formatRs } from "#core/money.ts";
import type { AdminProductRow } from "#server/admin/admin.schemas.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { ConfirmAction } from "../ui/confirm-action.tsx";
import { AdminTable } from "./admin-table.tsx";

type Row = AdminProductRow;

export function ProductsTable({ rows, firstNumber }: { rows: Row[]; firstNumber: number }) {
  return (
    <AdminTable caption="Products" headings={["S.No", "Image", "Title", "Price", "Category", "Date", "Action"]}>
      {rows.map((row, index) => (
        <ProductRow key={row.id} row={row} number={firstNumber + index} />
      ))}
    </AdminTable>
  );
}

function ProductRow({ row, number }: { row: Row; number: number }) {
  const fetcher = useFetcher();
  return (
    <tr
      className={`border-b border-zinc-100 dark:border-zinc-800 ${fetcher.state !== "idle" ? "opacity-50" : ""}`}
      data-testid="admin-product-row"
    >
      <td className="px-2 py-2">{number}</td>
      <td className="px-2 py-2">
        <ProductThumbnail image={row.imageMain} width={48} />
      </td>
      <td className="px-2 py-2 font-medium">{row.title}</td>
      <td className="px-2 py-2">{formatRs(row.price)}</td>
      <td className="px-2 py-2">{row.category}</td>
      <td className="px-2 py-2 whitespace-nowrap">{formatShopDate(row.createdAt)}</td>
      <td className="px-2 py-2">
        <div className="flex items-center gap-2">
          <Link to={`/updateproduct?id=${row.id}`} className="btn-outline px-2 py-1" aria-label={`Edit ${row.title}`}>
            <Pencil aria-hidden="true" className="size-4" />
          </Link>
          <ConfirmAction
            fetcher={fetcher}
            fields={{ intent: "delete-product", productId: String(row.id) }}
            title={`Delete “${row.title}”?`}
            message="It leaves the shop at once. Past orders keep their copy of it."
            confirmLabel="Delete"
            trigger={{
              label: `Delete ${row.title}`,
              className: "btn-outline px-2 py-1 text-red-700 dark:text-red-400",
              children: <Trash2 aria-hidden="true" className="size-4" />,
            }}
          />
        </div>
      </td>
    </tr>
  );
}
