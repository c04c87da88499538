import { FileText, Printer } from "lucide-react";
import { Form, Link } from "react-router";
import { formatShopDate, formatShopDateTime, formatShopDay } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { AdminParcel } from "#server/shipping/parcel-views.service.ts";
import { FormError } from "../ui/form-error.tsx";
import { Notice } from "../ui/notice.tsx";
import { IntentSubmit } from "../ui/submit-button.tsx";

/**
 * The order's parcel (record 43): book the courier (and try again after a failure, which stays on
 * screen until a retry gets through), print its label and packing slip, follow its news, and check
 * a parcel that came back in, which puts its pieces back on the shelf.
 */
export function ParcelPanel({
  orderId,
  parcel,
  failure,
}: {
  orderId: number;
  parcel: AdminParcel;
  failure?: string | undefined;
}) {
  const { shipment } = parcel;
  return (
    <section
      className="card flex flex-col gap-3 p-4 text-sm"
      aria-labelledby="parcel-heading"
      data-testid="parcel-panel"
    >
      <h2 id="parcel-heading" className="text-lg font-semibold">
        Parcel
      </h2>
      <FormError message={failure} />
      {shipment ? <ShipmentFacts shipment={shipment} /> : <NoShipment courierOn={parcel.courierOn} />}
      {shipment?.bookingError ? (
        <Notice tone="error">
          <strong>
            {shipment.bookingRetryable ? "The courier could not book it yet." : "The courier refused the booking."}
          </strong>{" "}
          {shipment.bookingError}
        </Notice>
      ) : null}
      {shipment?.orderProblem ? <Notice tone="error">{shipment.orderProblem}</Notice> : null}
      {parcel.canBook ? (
        <Form method="post">
          <IntentSubmit
            intent="book-courier"
            label={shipment?.bookingError ? "Try booking again" : "Book courier"}
            pendingLabel="Booking with the courier…"
          />
        </Form>
      ) : null}
      <p className="flex flex-wrap gap-3">
        <a href={`/admin/orders/${orderId}/label`} className="btn-outline" target="_blank" rel="noreferrer">
          <Printer aria-hidden="true" className="size-4" />
          Label
        </a>
        <a href={`/admin/orders/${orderId}/packing-slip`} className="btn-outline" target="_blank" rel="noreferrer">
          <FileText aria-hidden="true" className="size-4" />
          Packing slip
        </a>
      </p>
      <CheckIn checkIn={parcel.checkIn} />
    </section>
  );
}

function NoShipment({ courierOn }: { courierOn: boolean }) {
  return (
    <p className="text-zinc-600 dark:text-zinc-400">
      {courierOn
        ? "Not booked with the courier yet."
        : "Courier booking is off (no SHIPROCKET_ settings): ship it by hand and mark it Shipped below; the label and slip are the shop's own."}
    </p>
  );
}

/** When the pickup was asked, the day expected, and the failed attempts so far. */
function ShipmentNews({ shipment }: { shipment: NonNullable<AdminParcel["shipment"]> }) {
  return (
    <>
      {shipment.pickupRequestedAt ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Pickup asked</dt>
          <dd>{formatShopDateTime(shipment.pickupRequestedAt)}</dd>
        </>
      ) : null}
      {shipment.expectedDeliveryAt ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Expected</dt>
          <dd>{formatShopDay(shipment.expectedDeliveryAt)}</dd>
        </>
      ) : null}
      {shipment.attempts > 0 ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Failed attempts</dt>
          <dd>
            {shipment.attempts} ·{" "}
            <Link to="/admin/shipments?view=ndr" className="underline">
              open failed deliveries
            </Link>
          </dd>
        </>
      ) : null}
    </>
  );
}

function ShipmentFacts({ shipment }: { shipment: NonNullable<AdminParcel["shipment"]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
      <dd className="font-semibold" data-testid="parcel-status">
        {shipment.statusLabel}
        {shipment.bookingUnderWay ? " (booking under way)" : ""}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Courier</dt>
      <dd>{shipment.courierName ?? "Not assigned yet"}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">AWB</dt>
      <dd className="font-mono break-all" data-testid="parcel-awb">
        {shipment.awb ?? "Not assigned yet"}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Payment</dt>
      <dd>{shipment.paymentMethod === "cod" ? `COD: collect ${formatInr(shipment.codAmount)}` : "Prepaid"}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Parcel</dt>
      <dd>
        {(shipment.weightGrams / 1000).toFixed(2)} kg · {shipment.size}
      </dd>
      <ShipmentNews shipment={shipment} />
      {shipment.awb ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Buyer's page</dt>
          <dd>
            <a href={shipment.trackingPath} className="underline" target="_blank" rel="noreferrer">
              Tracking page
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A parcel back at the warehouse: checked in, its pieces go back on the shelf. */
function CheckIn({ checkIn }: { checkIn: AdminParcel["checkIn"] }) {
  if (checkIn.checkedInAt) {
    return (
      <p data-testid="checked-in">Checked in on {formatShopDate(checkIn.checkedInAt)}: its pieces are on the shelf.</p>
    );
  }
  if (!checkIn.awaiting) return null;
  return (
    <Form method="post" className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <p>
        The parcel is coming back to the warehouse. When it arrives, check its pieces and check it in: they go back on
        the shelf.
      </p>
      <div>
        <IntentSubmit intent="check-in" label="Checked in" pendingLabel="Checking in…" className="btn-outline" />
      </div>
    </Form>
  );
}
