import { Link } from "react-router";
import { formatInr } from "#core/money.ts";
import { PAYMENT_STATUS_LABELS } from "#core/payment-status.ts";
import { SHIPMENT_STATUS_LABELS } from "#core/shipment-status.ts";
import type { IndexScreenRow } from "#server/admin/order-screens.service.ts";
import { StatusBadge } from "../../orders/status-badge.tsx";
import { AdminTable } from "../admin-table.tsx";
import { BuyerCell, PaymentIdAndDay } from "../order-cells.tsx";
import { BuyerConfirmationMark, EwayBillMark } from "../orders-table.tsx";

type OrderIndexRow = IndexScreenRow;

const WIDE = "hidden xl:table-cell";

const HEADINGS = [
  { label: "Select", className: "w-8" },
  "Order · Date",
  "Buyer",
  "Total · Payment",
  { label: "Ships to", className: WIDE },
  "Status",
  { label: "Courier · AWB", className: WIDE },
];

/**
 * The page's orders, each with a box to tick for the bulk actions (the boxes belong to the bulk
 * form by its id, so the table may stand outside it), newest first.
 */
export function IndexTable({
  rows,
  form,
  arrived,
}: {
  rows: OrderIndexRow[];
  form: string | null;
  arrived: ReadonlySet<number>;
}) {
  return (
    <AdminTable caption="Orders" headings={HEADINGS} minWidth="min-w-[36rem] xl:min-w-[56rem]">
      {rows.map((row) => (
        <tr
          key={row.id}
          className={`border-b border-zinc-100 align-top dark:border-zinc-800 ${arrived.has(row.id) ? "bg-gold-50 dark:bg-gold-900/40" : ""}`}
          data-testid="admin-order-row"
        >
          <td className="px-2 py-2">
            {form ? (
              <input
                type="checkbox"
                name="order"
                value={row.id}
                form={form}
                aria-label={`Select ${row.orderNumber}`}
                className="size-4"
              />
            ) : null}
          </td>
          <OrderCell row={row} />
          <BuyerCell row={row} />
          <td className="px-2 py-2 whitespace-nowrap">
            <p>{formatInr(row.total)}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {row.payment === "cash" ? "Cash" : "Prepaid"} · {PAYMENT_STATUS_LABELS[row.paymentStatus]}
            </p>
          </td>
          <td className={`px-2 py-2 ${WIDE}`}>
            {row.city ? `${row.city} · ` : ""}
            {row.pincode}
          </td>
          <StatusCell row={row} />
          <td className={`px-2 py-2 ${WIDE}`}>
            <p>{row.courier ?? "—"}</p>
            {row.awb ? <p className="font-mono text-xs">{row.awb}</p> : null}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The order's status, its marks and its parcel's state. */
function StatusCell({ row }: { row: OrderIndexRow }) {
  const marks = [
    row.confirmed ? "Confirmed" : null,
    row.packed && row.status === "placed" ? "Packed" : null,
    row.shipmentStatus ? SHIPMENT_STATUS_LABELS[row.shipmentStatus] : null,
    row.openReturn ? "Return open" : null,
  ].filter(Boolean);
  return (
    <td className="px-2 py-2">
      <StatusBadge status={row.status} />
      {marks.length > 0 ? <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{marks.join(" · ")}</p> : null}
      {row.status === "placed" ? <BuyerConfirmationMark state={row.buyerConfirmation} /> : null}
      <EwayBillMark row={row} />
    </td>
  );
}

/** The order's number (its page), the gateway's payment id of an online order, and the day. */
function OrderCell({ row }: { row: OrderIndexRow }) {
  return (
    <td className="px-2 py-2">
      <Link to={`/admin/orders/${row.id}`} className="font-medium whitespace-nowrap underline">
        {row.orderNumber}
      </Link>
      <PaymentIdAndDay row={row} />
    </td>
  );
}
