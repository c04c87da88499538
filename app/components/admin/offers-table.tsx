import { Form, Link } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import type { OfferState } from "#core/promotions.ts";
import type { PromotionListing } from "#server/promotions/promotions.service.ts";

const STATES: Record<OfferState, { label: string; tone: string }> = {
  live: { label: "Live", tone: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200" },
  scheduled: { label: "Scheduled", tone: "bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-200" },
  ended: { label: "Ended", tone: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" },
  disabled: { label: "Disabled", tone: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200" },
};

const HEAD = "px-2 py-1.5 font-medium";
const CELL = "px-2 py-2 align-top";

/** When an offer runs, in India time. */
function when(offer: PromotionListing): string {
  const from = formatShopDateTime(offer.startsAt);
  return offer.endsAt === null ? `From ${from}` : `${from} to ${formatShopDateTime(offer.endsAt)}`;
}

/** Every offer: what it is, when it runs, how often it was used, and the way to change or stop it. */
export function OffersTable({ offers }: { offers: readonly PromotionListing[] }) {
  if (offers.length === 0) {
    return <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No offers yet: make the first below.</p>;
  }
  return (
    <table className="mt-3 w-full text-sm">
      <thead>
        <tr className="text-left text-zinc-600 dark:text-zinc-400">
          <th scope="col" className={HEAD}>
            Offer
          </th>
          <th scope="col" className={HEAD}>
            What it gives
          </th>
          <th scope="col" className={HEAD}>
            When (India time)
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            Uses
          </th>
          <th scope="col" className={HEAD}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {offers.map((offer) => (
          <tr key={offer.id} className="border-t border-zinc-200 dark:border-zinc-800" data-testid="offer-row">
            <td className={CELL}>
              <p className="font-semibold break-all">{offer.name}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {offer.kind === "code" ? "Code" : "Automatic"} ·{" "}
                <span className={`rounded px-1.5 py-0.5 font-medium ${STATES[offer.state].tone}`}>
                  {STATES[offer.state].label}
                </span>
              </p>
            </td>
            <td className={CELL}>{offer.description}</td>
            <td className={CELL}>{when(offer)}</td>
            <td className={`${CELL} text-right tabular-nums`}>
              {offer.uses.toLocaleString("en-IN")}
              {offer.totalLimit === null ? "" : ` of ${offer.totalLimit.toLocaleString("en-IN")}`}
            </td>
            <td className={CELL}>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/admin/offers/${offer.id}`}
                  className="btn-outline px-3 py-1"
                  aria-label={`Edit ${offer.name}`}
                >
                  Edit
                </Link>
                <OfferSwitch id={offer.id} name={offer.name} disabled={offer.state === "disabled"} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An offer's Disable or Enable button, a form of its own. */
function OfferSwitch({ id, name, disabled }: { id: number; name: string; disabled: boolean }) {
  return (
    <Form method="post" action="/admin/offers">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={disabled ? "enable" : "disable"}
        className="btn-outline px-3 py-1"
        aria-label={`${disabled ? "Enable" : "Disable"} ${name}`}
      >
        {disabled ? "Enable" : "Disable"}
      </button>
    </Form>
  );
}
