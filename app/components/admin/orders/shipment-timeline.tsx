import { formatShopDateTime } from "#core/dates.ts";
import { PARCEL_STATE_LABELS } from "#core/order-tabs.ts";
import type { ShipmentTimeline } from "#server/shipping/shipment-timeline.service.ts";

/** The order's parcels with the courier: each booking's state and its news, oldest first. */
export function ShipmentTimelinePanel({ shipments }: { shipments: ShipmentTimeline }) {
  return (
    <section className="card p-4" aria-labelledby="parcels">
      <h2 id="parcels" className="text-lg font-semibold">
        Parcel
      </h2>
      {shipments.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No courier booked yet.</p>
      ) : (
        shipments.map((shipment) => (
          <div key={shipment.id} className="mt-3 text-sm">
            <p className="font-medium">
              {shipment.courier ?? "Courier"} {shipment.awb ? <span className="font-mono">{shipment.awb}</span> : null}{" "}
              · {PARCEL_STATE_LABELS[shipment.status] ?? shipment.status}
              {shipment.attempts > 0
                ? ` · ${shipment.attempts} failed attempt${shipment.attempts === 1 ? "" : "s"}`
                : ""}
            </p>
            {shipment.bookingError ? <p className="text-red-700 dark:text-red-300">{shipment.bookingError}</p> : null}
            <ol className="mt-1 border-l border-zinc-200 pl-3 dark:border-zinc-700">
              {shipment.events.map((event) => (
                <li key={`${event.at}-${event.status}`} className="py-0.5">
                  <span className="text-zinc-600 dark:text-zinc-400">{formatShopDateTime(event.at)}</span>{" "}
                  {event.status}
                  {event.location ? ` · ${event.location}` : ""}
                </li>
              ))}
            </ol>
          </div>
        ))
      )}
    </section>
  );
}
