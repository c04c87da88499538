import { FileText, Printer, Truck } from "lucide-react";
import { Link } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { OrderToShip } from "#server/shipping/to-ship.service.ts";

/** Where an order's booking stands, in words, and whether it reads as a problem. */
function bookingWords(row: OrderToShip): { text: string; problem: boolean } {
  if (row.awaitingPayment) return { text: "Waiting for its payment", problem: true };
  if (row.needsEwayBill) return { text: "Needs its e-way bill number before booking", problem: true };
  const shipment = row.shipment;
  if (!shipment) return { text: "Not booked", problem: false };
  if (shipment.failure) {
    const verdict = shipment.failure.retryable ? "Booking failed (book again)" : "Booking refused";
    return { text: `${verdict}: ${shipment.failure.message}`, problem: true };
  }
  if (shipment.booked)
    return { text: `Booked: ${shipment.courierName ?? "courier"} ${shipment.awb ?? ""}`, problem: false };
  return { text: "Booking under way", problem: false };
}

function OrderToShipItem({ row }: { row: OrderToShip }) {
  const booking = bookingWords(row);
  return (
    <li className="card flex gap-3 p-4 text-sm">
      <input
        type="checkbox"
        name="orderId"
        value={row.orderId}
        id={`to-ship-${row.orderId}`}
        className="mt-1 size-5 shrink-0"
        aria-describedby={`to-ship-${row.orderId}-booking`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <label htmlFor={`to-ship-${row.orderId}`} className="font-semibold">
            Order {row.orderNumber}
          </label>
          <span className="text-zinc-600 dark:text-zinc-400">{formatShopDateTime(row.createdAt)}</span>
        </div>
        <p>
          {row.name}, {row.city} {row.pincode} · {row.itemCount} {row.itemCount === 1 ? "piece" : "pieces"} ·{" "}
          {row.collect > 0 ? `COD ${formatInr(row.collect)}` : "Prepaid"}
        </p>
        <p
          id={`to-ship-${row.orderId}-booking`}
          className={`break-words ${booking.problem ? "text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300"}`}
        >
          {booking.text}
        </p>
        <Link to={`/admin/updateorderstatus?id=${row.orderId}`} className="self-start underline">
          Open the order
        </Link>
      </div>
    </li>
  );
}

const PAPERS = [
  { file: "labels.pdf", label: "Print labels", Icon: Printer },
  { file: "parcel-papers.pdf", label: "Labels with packing slips", Icon: FileText },
  { file: "pick-list.pdf", label: "Pick list", Icon: FileText },
] as const;

/**
 * The orders waiting to ship, each with where its booking stands: ticked ones are booked with the
 * courier at once (each answering on its own; a failure stays beside its order until booked
 * again), or their labels, slips or pick list printed as one PDF. A plain form, so that the paper
 * opens as a document of its own.
 */
export function ToShipList({ rows, courierBooking }: { rows: readonly OrderToShip[]; courierBooking: boolean }) {
  if (rows.length === 0) return <p className="card p-6 text-sm">No order is waiting to ship.</p>;
  return (
    <form method="post" className="flex flex-col gap-4" data-testid="to-ship">
      <input type="hidden" name="intent" value="book" />
      <div className="flex flex-wrap gap-2">
        {courierBooking ? (
          <button type="submit" className="btn-primary">
            <Truck aria-hidden="true" className="size-4" />
            Book courier
          </button>
        ) : null}
        {PAPERS.map(({ file, label, Icon }) => (
          <button
            key={file}
            type="submit"
            formMethod="get"
            formAction={`/admin/shipments/${file}`}
            formTarget="_blank"
            className="btn-outline"
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Tick the orders, then book or print them; with none ticked, printing takes the 50 newest paid orders.
      </p>
      <ul className="flex flex-col gap-3">
        {rows.map((row) => (
          <OrderToShipItem key={row.orderId} row={row} />
        ))}
      </ul>
    </form>
  );
}
