import { Link } from "react-router";
import { formatRs } from "#core/money.ts";
import { ORDER_TRANSITIONS } from "#core/order-status.ts";
import type { AdminOrderRow } from "#server/admin/admin.schemas.ts";
import type { ConfirmationState } from "#server/cod-confirmation/cod-confirmation.service.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { StatusBadge } from "../orders/status-badge.tsx";
import { AdminTable } from "./admin-table.tsx";
import { BuyerCell, PaymentIdAndDay } from "./order-cells.tsx";

type Row = AdminOrderRow;

/** Below 1280 px (the side navigation takes 224 px from 1024 on) the picture, the line and the address give way, so the table fits without scrolling. */
const WIDE = "hidden xl:table-cell";

const HEADINGS = [
  "Update Order",
  "Order No / Payment Id · Date",
  { label: "Image", className: WIDE },
  { label: "Title · Category", className: WIDE },
  "Price",
  "Name · Phone Number · Email",
  { label: "Address · City · Pincode", className: WIDE },
  "Order Status",
];

/**
 * Marks an order whose goods need an e-way bill (CGST Rule 138): in amber while it waits for the
 * number before shipping, quietly once the number is entered.
 */
export function EwayBillMark({ row }: { row: Pick<Row, "ewayBill" | "status"> }) {
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
 * The orders, newest first: Update Order first, so it is in sight at every width; from 1280 px the
 * picture, the line and the address too (the address shortened to two lines, whole on hover).
 */
export function OrdersTable({ rows, arrived }: { rows: Row[]; arrived?: ReadonlySet<number> }) {
  return (
    <AdminTable caption="Orders" headings={HEADINGS} minWidth="min-w-[36rem] xl:min-w-[56rem]">
      {rows.map((row) => (
        <OrderRow key={row.id} row={row} isNew={arrived?.has(row.id) ?? false} />
      ))}
    </AdminTable>
  );
}

/** One order's row, lit up while it is new on the page. */
function OrderRow({ row, isNew }: { row: Row; isNew: boolean }) {
  return (
    <tr
      className={`border-b border-zinc-100 align-top dark:border-zinc-800 ${isNew ? "bg-gold-50 dark:bg-gold-900/40" : ""}`}
      data-testid="admin-order-row"
    >
      <td className="px-2 py-2">
        <Link
          to={`/admin/orders/${row.id}`}
          className={
            ORDER_TRANSITIONS[row.status].length > 0
              ? "btn-outline px-2 py-1 whitespace-nowrap"
              : "text-xs underline whitespace-nowrap"
          }
        >
          {ORDER_TRANSITIONS[row.status].length > 0 ? "Update Order" : "View"}
        </Link>
      </td>
      <td className="px-2 py-2">
        <OrderNumber row={row} isNew={isNew} />
        <p className="text-xs xl:hidden">{row.title}</p>
      </td>
      <td className={`px-2 py-2 ${WIDE}`}>{row.image ? <ProductThumbnail image={row.image} width={48} /> : null}</td>
      <td className={`max-w-56 px-2 py-2 ${WIDE}`}>
        <p>{row.title}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {row.category}
          {row.itemCount > 1 ? ` · ${row.itemCount} items` : ""}
        </p>
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{formatRs(row.total)}</td>
      <BuyerCells row={row} />
      <td className="px-2 py-2">
        <StatusBadge status={row.status} />
        <p
          className="mt-1 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400"
          data-testid="admin-order-payment"
        >
          {row.payment}
        </p>
        <EwayBillMark row={row} />
        <BuyerConfirmationMark state={row.buyerConfirmation} />
      </td>
    </tr>
  );
}

/** Who bought; and where it goes (the address shortened to two lines, whole on hover). */
function BuyerCells({ row }: { row: Row }) {
  return (
    <>
      <BuyerCell row={row} />
      <td className={`max-w-64 px-2 py-2 ${WIDE}`}>
        <p className="line-clamp-2" title={row.address}>
          {row.address}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {row.city ? `${row.city} · ` : ""}
          {row.pincode}
        </p>
      </td>
    </>
  );
}

function OrderNumber({ row, isNew }: { row: Row; isNew: boolean }) {
  return (
    <>
      <p className="font-medium whitespace-nowrap">
        {row.orderNumber}
        {isNew ? (
          <span className="ml-1.5 rounded bg-gold-400 px-1 text-xs font-semibold text-zinc-950" data-testid="new-order">
            New
          </span>
        ) : null}
      </p>
      <PaymentIdAndDay row={row} />
    </>
  );
}

/**
 * A large cash order's wait for its buyer's confirmation: it cannot ship until they confirm; after
 * 48 hours without an answer it is flagged for a call to the buyer.
 */
export function BuyerConfirmationMark({ state }: { state: ConfirmationState | null }) {
  if (state !== "awaiting" && state !== "overdue") return null;
  const overdue = state === "overdue";
  return (
    <p
      className={`mt-1 text-xs font-semibold whitespace-nowrap ${overdue ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-300"}`}
      data-testid="buyer-confirmation"
    >
      {overdue ? "Not confirmed in 48 h: call the buyer" : "Awaiting buyer's confirmation"}
    </p>
  );
}
