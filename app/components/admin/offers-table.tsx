import { Form, Link } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { formatCount } from "#core/numbers.ts";
import type { OfferState } from "#core/offers.ts";
import type { OfferListing } from "#server/offers/offers-admin.service.ts";

const STATES: Record<OfferState, { label: string; tone: string }> = {
  live: { label: "Live", tone: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200" },
  scheduled: { label: "Scheduled", tone: "bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-200" },
  ended: { label: "Ended", tone: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" },
  disabled: { label: "Disabled", tone: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200" },
};

const HEAD = "px-2 py-1.5 font-medium";
// On a phone each offer stacks, every cell labelled; from md up it is an ordinary table.
const CELL =
  "flex justify-between gap-4 py-1 text-right before:text-left before:text-zinc-600 dark:before:text-zinc-400 before:content-[attr(data-label)] md:table-cell md:px-2 md:py-2 md:text-left md:align-top md:before:content-none";

/** When an offer runs, in India time. */
function when(offer: OfferListing): string {
  const from = formatShopDateTime(offer.startsAt);
  return offer.endsAt === null ? `From ${from}` : `${from} to ${formatShopDateTime(offer.endsAt)}`;
}

/**
 * Every offer: what it is, who may get it (a members-only offer silently skips guests, so the
 * list says so), when it runs, how often it was used, and the way to change or stop it.
 */
export function OffersTable({ offers }: { offers: readonly OfferListing[] }) {
  if (offers.length === 0) {
    return <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No offers yet: make the first below.</p>;
  }
  return (
    <table className="mt-3 block w-full text-sm md:table">
      <thead className="hidden md:table-header-group">
        <tr className="text-left text-zinc-600 dark:text-zinc-400">
          <th scope="col" className={HEAD}>
            Offer
          </th>
          <th scope="col" className={HEAD}>
            What it gives
          </th>
          <th scope="col" className={HEAD}>
            For
          </th>
          <th scope="col" className={HEAD}>
            When (India time)
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            Uses so far
          </th>
          <th scope="col" className={HEAD}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {offers.map((offer) => (
          <OfferRow key={offer.id} offer={offer} />
        ))}
      </tbody>
    </table>
  );
}

/** One offer's row: a card of labelled lines on a phone. */
function OfferRow({ offer }: { offer: OfferListing }) {
  return (
    <tr
      className="block border-t border-zinc-200 py-2 md:table-row md:py-0 dark:border-zinc-800"
      data-testid="offer-row"
    >
      <td className="block py-1 md:table-cell md:px-2 md:py-2 md:align-top">
        <p className="font-semibold break-all">{offer.name}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {offer.kind === "code" ? "Code" : "Automatic"} ·{" "}
          <span className={`rounded px-1.5 py-0.5 font-medium ${STATES[offer.state].tone}`}>
            {STATES[offer.state].label}
          </span>
        </p>
      </td>
      <td data-label="What it gives" className={CELL}>
        {offer.description}
      </td>
      <td data-label="For" className={CELL} data-testid="offer-audience">
        {offer.audience}
      </td>
      <td data-label="When" className={CELL}>
        {when(offer)}
      </td>
      <td data-label="Uses so far" className={`${CELL} tabular-nums md:text-right`} data-testid="offer-uses">
        {formatCount(offer.uses)}
        {offer.totalLimit === null ? "" : ` of ${formatCount(offer.totalLimit)}`}
      </td>
      <td className="block py-1 md:table-cell md:px-2 md:py-2 md:align-top">
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/offers/${offer.id}`} className="btn-outline px-3 py-1" aria-label={`Edit ${offer.name}`}>
            Edit
          </Link>
          <OfferSwitch id={offer.id} name={offer.name} disabled={offer.state === "disabled"} />
        </div>
      </td>
    </tr>
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
