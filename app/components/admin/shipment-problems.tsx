import { Link } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { SHIPMENT_STATUS_LABELS } from "#core/shipment-status.ts";
import type { ShipmentProblem } from "#server/shipping/ndr.service.ts";

/** Shipments someone must look at: lost by the courier, a booking that failed, an order that could not follow. */
export function ShipmentProblems({ rows }: { rows: readonly ShipmentProblem[] }) {
  if (rows.length === 0) return <p className="card p-6 text-sm">No shipment needs looking at.</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="shipment-problems">
      {rows.map((row) => (
        <li key={row.id} className="card flex flex-col gap-1 p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link to={`/admin/updateorderstatus?id=${row.orderId}`} className="font-semibold underline">
              Order {row.orderNumber}
            </Link>
            <span className={row.status === "lost" ? "font-semibold text-red-700 dark:text-red-300" : ""}>
              {SHIPMENT_STATUS_LABELS[row.status]} · {formatShopDateTime(Number(row.statusAt))}
            </span>
          </div>
          <p>
            {row.name}, {row.pincode}
            {row.awb ? ` · ${row.courierName} ${row.awb}` : ""}
          </p>
          {row.status === "lost" ? (
            <p>The courier reports the parcel lost: claim it with the courier, and refund or reship.</p>
          ) : null}
          {row.bookingError ? (
            <p className="text-red-800 dark:text-red-300">
              {row.bookingRetryable === 1 ? "Booking to try again" : "Booking refused"}: {row.bookingError}
            </p>
          ) : null}
          {row.orderProblem ? <p className="text-red-800 dark:text-red-300">{row.orderProblem}</p> : null}
        </li>
      ))}
    </ul>
  );
}
