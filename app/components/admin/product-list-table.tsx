import { Link } from "react-router";
import { formatRs } from "#core/money.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { AdminTable } from "./admin-table.tsx";

export type ProductListRow = {
  id: number;
  title: string;
  price: number;
  imageMain: string;
  category: string;
  handle: string;
  shown: boolean;
  pieces: number;
  sizesLow: number;
  sizesOut: number;
};

const HEADINGS = ["", "Image", "Title", "Price", "Stock", "Status", "Actions"] as const;

/** The admin's product list: a box to choose each product for a bulk action, its stock and its status. */
export function ProductListTable({ rows }: { rows: readonly ProductListRow[] }) {
  return (
    <AdminTable caption="Products" headings={HEADINGS} minWidth="min-w-[48rem]">
      {rows.map((row) => (
        <tr key={row.id} className="border-b border-zinc-100 dark:border-zinc-800" data-testid="product-list-row">
          <td className="px-2 py-2">
            <input type="checkbox" name="ids" value={row.id} aria-label={`Choose ${row.title}`} className="size-4" />
          </td>
          <td className="px-2 py-2">
            <ProductThumbnail image={row.imageMain} width={48} />
          </td>
          <td className="px-2 py-2">
            <span className="font-medium">{row.title}</span>
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{row.handle}</span>
          </td>
          <td className="px-2 py-2 whitespace-nowrap">{formatRs(row.price)}</td>
          <td className="px-2 py-2">
            <StockBadge row={row} />
          </td>
          <td className="px-2 py-2">{row.shown ? "On sale" : "Hidden"}</td>
          <td className="px-2 py-2 whitespace-nowrap">
            <Link to={`/admin/products/${row.id}/stock`} className="underline underline-offset-4">
              Stock
            </Link>
            {" · "}
            <Link to={`/updateproduct?id=${row.id}`} className="underline underline-offset-4">
              Edit
            </Link>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Pieces on hand, and a badge when sizes are out or at their reorder point. */
export function StockBadge({ row }: { row: Pick<ProductListRow, "pieces" | "sizesLow" | "sizesOut"> }) {
  return (
    <span className="flex flex-wrap items-center gap-1 whitespace-nowrap">
      <span>{row.pieces} pcs</span>
      {row.sizesOut > 0 ? (
        <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
          {row.sizesOut} out
        </span>
      ) : null}
      {row.sizesLow > 0 ? (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {row.sizesLow} low
        </span>
      ) : null}
    </span>
  );
}
