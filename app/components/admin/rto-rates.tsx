import type { PincodeRto } from "#server/delivery/parcel-outcomes.ts";
import { SideScroll } from "../ui/side-scroll.tsx";

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 1000) / 10} %`);

/**
 * Returns to origin by pincode over the last 180 days: parcels finished, those that came back, the
 * rate, the rate of cash parcels, and whether the COD_MAX_RTO_RATE rule has paused cash there.
 */
export function RtoRates({ rows, maxRate }: { rows: readonly PincodeRto[]; maxRate: number | null }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-zinc-700 dark:text-zinc-300">
        {maxRate === null
          ? "COD_MAX_RTO_RATE is not set: cash on delivery is never paused for returns."
          : `Cash on delivery pauses where more than ${percent(maxRate)} of at least 20 cash parcels came back in 180 days (COD_MAX_RTO_RATE).`}
      </p>
      {rows.length === 0 ? (
        <p className="card p-6">No parcel has come back in the last 180 days.</p>
      ) : (
        <SideScroll label="Returns to origin by pincode">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="rto-rates">
            <caption className="sr-only">Returns to origin by pincode</caption>
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                {["Pincode", "Parcels", "Came back", "Rate", "Cash parcels", "Cash rate", "Cash on delivery"].map(
                  (label) => (
                    <th key={label} scope="col" className="px-2 py-2">
                      {label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.pincode} className="border-b border-zinc-100 dark:border-zinc-800">
                  <td className="px-2 py-2 font-mono">{row.pincode}</td>
                  <td className="px-2 py-2">{row.parcels}</td>
                  <td className="px-2 py-2">{row.rto}</td>
                  <td className="px-2 py-2">{percent(row.rate)}</td>
                  <td className="px-2 py-2">{row.codParcels}</td>
                  <td className="px-2 py-2">{percent(row.codRate)}</td>
                  <td className={`px-2 py-2 ${row.codPaused ? "font-semibold text-red-700 dark:text-red-300" : ""}`}>
                    {row.codPaused ? "Paused" : "Offered"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroll>
      )}
    </div>
  );
}
