import { formatShopDateTime } from "#core/dates.ts";
import { SHIPMENT_STATUS_LABELS } from "#core/shipment-status.ts";
import type { ShipmentTimeline } from "#server/shipping/shipment-timeline.service.ts";
import { TitledSection } from "../../ui/titled-section.tsx";

/** Every booking of the order's parcel (a cancelled one too) with the courier's news, oldest first. */
export function ShipmentTimelinePanel({ shipments }: { shipments: ShipmentTimeline }) {
  return (
    <TitledSection id="parcel-news" title="The courier's news" className="card p-4">
      {shipments.map((shipment) => (
        <div key={shipment.id} className="mt-3 text-sm">
          <p className="font-medium">
            {shipment.courier ?? "Courier"} {shipment.awb ? <span className="font-mono">{shipment.awb}</span> : null} ·{" "}
            {SHIPMENT_STATUS_LABELS[shipment.status]}
            {shipment.attempts > 0 ? ` · ${shipment.attempts} failed attempt${shipment.attempts === 1 ? "" : "s"}` : ""}
          </p>
          {shipment.bookingError ? <p className="text-red-700 dark:text-red-300">{shipment.bookingError}</p> : null}
          <ol className="mt-1 border-l border-zinc-200 pl-3 dark:border-zinc-700">
            {shipment.events.map((event) => (
              <li key={`${event.at}-${event.status}`} className="py-0.5">
                <span className="text-zinc-600 dark:text-zinc-400">{formatShopDateTime(event.at)}</span> {event.status}
                {event.location ? ` · ${event.location}` : ""}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </TitledSection>
  );
}
