import { Link } from "react-router";
import { formatShopDay } from "#core/dates.ts";
import type { OrderParcel } from "#server/shipping/parcel-views.service.ts";

/** The courier, the AWB, the day expected, where the parcel is, and its tracking page. */
export function ParcelLink({ parcel, delivered }: { parcel: OrderParcel; delivered: boolean }) {
  return (
    <div
      className="mt-3 flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
      data-testid="order-parcel"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-zinc-600 dark:text-zinc-400">Courier</dt>
        <dd>{parcel.courierName}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">AWB</dt>
        <dd className="font-mono break-all">{parcel.awb}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Now</dt>
        <dd>{parcel.statusLabel}</dd>
        {parcel.expectedDeliveryAt && !delivered ? (
          <>
            <dt className="text-zinc-600 dark:text-zinc-400">Expected</dt>
            <dd>{formatShopDay(parcel.expectedDeliveryAt)}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <Link to={parcel.trackingPath} className="btn-outline" rel="noreferrer">
          Follow your parcel
        </Link>
      </div>
    </div>
  );
}
