import { formatShopDateTime } from "#core/dates.ts";
import type { ParcelScan } from "#server/shipping/parcel-views.service.ts";

/** The parcel's scans, newest first, down a line: what happened, in the courier's words, where and when. */
export function ParcelTimeline({ scans }: { scans: readonly ParcelScan[] }) {
  if (scans.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The courier has not scanned the parcel yet. Its first news usually comes when it is picked up.
      </p>
    );
  }
  return (
    <ol
      className="relative flex flex-col gap-5 border-s-2 border-zinc-200 ps-5 dark:border-zinc-700"
      data-testid="parcel-timeline"
    >
      {scans.map((scan, index) => (
        <li key={`${scan.at}-${scan.label}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute -start-[27px] top-1.5 size-3 rounded-full ${index === 0 ? "bg-gold-500 ring-4 ring-gold-500/25" : "bg-zinc-400 dark:bg-zinc-500"}`}
          />
          <p className="font-semibold">{scan.label}</p>
          {scan.activity ? <p className="text-sm">{scan.activity}</p> : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            <time dateTime={new Date(scan.at).toISOString()}>{formatShopDateTime(scan.at)}</time>
            {scan.location ? ` · ${scan.location}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
