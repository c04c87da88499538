import type { CollectionFlag } from "#core/collections.ts";
import { formatInr } from "#core/money.ts";
import {
  codeKey,
  describeOffer,
  type Offer,
  type OfferRefusal,
  refusalMessage,
  type ShelfOffer,
} from "#core/offers.ts";
import { shareInProportion } from "../tax/order-tax.ts";

/*
 * The offers engine: which offers apply to a cart, and how much each takes off each line, in
 * paise. Pure (no database, no clock of its own), so that the cart, the order's transaction, the
 * shelves and the tests all price with the same arithmetic. The rules and their reading are in
 * docs/decisions/0031-offers-and-gst-after-discount.md.
 */

/** A cart line as the engine sees it: the piece's price, how many, and the collections it is in. */
export type OfferLine = {
  productId: number;
  unitPrice: number;
  quantity: number;
  collections: readonly CollectionFlag[];
};

/**
 * A run of a line's pieces that share one discount: a line is one part, until a buy X get Y
 * discounts some of its pieces and not the others, which splits it in two.
 */
export type LinePart = { quantity: number; discount: number };

export type Shopper = {
  signedIn: boolean;
  /** Whether this is the shopper's first order; null while it cannot be known (a visitor's e-mail comes at checkout). */
  firstOrder: boolean | null;
  /** How often the shopper has used an offer; null while it cannot be known. */
  usesOf: (offerId: number) => number | null;
};

export type OfferPricingInput = {
  lines: readonly OfferLine[];
  /** The shipping charge before offers. */
  shipping: number;
  /** Every automatic offer that might apply; the engine checks each. */
  automatic: readonly Offer[];
  /** The code the shopper gave, with its offer (null: no offer has that code). */
  code: { typed: string; offer: Offer | null } | null;
  shopper: Shopper;
  now: number;
  /** Offers the shopper saw applied (an order's quote): why each that no longer applies does not. */
  explain?: readonly Offer[];
};

export type AppliedOffer = { offer: Offer; goods: number; shipping: number };

export type CodeOutcome = {
  code: string;
  status: "applied" | "not-used" | "refused";
  refusal: OfferRefusal | null;
  message: string;
};

export type OfferOutcome = {
  /** The automatic offer first, then the code, in the order they were applied. */
  applied: AppliedOffer[];
  /** Per line, its parts (their quantities add up to the line's). */
  parts: LinePart[][];
  goods: number;
  shipping: number;
  code: CodeOutcome | null;
  note: string | null;
  /** For each offer to explain that is not applied: why, in the shopper's words. */
  why: Record<number, string>;
};

type Priced = { applied: AppliedOffer[]; parts: LinePart[][]; goods: number; shipping: number };

const wholeLines = (lines: readonly OfferLine[]): LinePart[][] =>
  lines.map((line) => [{ quantity: line.quantity, discount: 0 }]);

const partValue = (line: OfferLine, part: LinePart) => line.unitPrice * part.quantity - part.discount;

/** Whether a line is one the offer applies to. */
export function qualifies(offer: Pick<Offer, "scope">, line: Pick<OfferLine, "productId" | "collections">) {
  const { collections, productIds } = offer.scope;
  if (collections.length === 0 && productIds.length === 0) return true;
  return productIds.includes(line.productId) || collections.some((flag) => line.collections.includes(flag));
}

/** The value of the lines an offer applies to, before any discount: its minimum is measured on it. */
function qualifyingValue(offer: Offer, lines: readonly OfferLine[]): number {
  return lines.filter((line) => qualifies(offer, line)).reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
}

/** Why the offer does not apply here, or null when it does; the first reason that holds is given. */
export function refusalOf(
  offer: Offer,
  lines: readonly OfferLine[],
  shopper: Shopper,
  now: number,
): OfferRefusal | null {
  if (offer.disabledAt !== null) return "disabled";
  if (now < offer.startsAt) return "not-started";
  if (offer.endsAt !== null && now >= offer.endsAt) return "expired";
  if (offer.signedInOnly && !shopper.signedIn) return "signed-in-only";
  if (offer.firstOrderOnly && shopper.firstOrder === false) return "first-order-only";
  if (offer.totalLimit !== null && offer.uses >= offer.totalLimit) return "used-up";
  const used = shopper.usesOf(offer.id);
  if (offer.perCustomerLimit !== null && used !== null && used >= offer.perCustomerLimit) return "already-used";
  const value = qualifyingValue(offer, lines);
  if (value === 0) return "not-for-these-items";
  if (offer.minSubtotal !== null && value < offer.minSubtotal) return "minimum-not-met";
  return null;
}

/**
 * One offer's action on the lines as earlier offers left them: its discount is shared over the
 * qualifying parts in proportion to their value, or (buy X get Y) put on the cheapest pieces.
 * Nothing goes below zero; shipping is touched only by free shipping.
 */
function applyAction(offer: Offer, lines: readonly OfferLine[], before: Priced, shipping: number) {
  const { action } = offer;
  if (action.type === "free-shipping") {
    const left = shipping - before.shipping;
    return record(before, { offer, goods: 0, shipping: left }, before.parts);
  }
  if (action.type === "buy-x-get-y") return buyXGetY(offer, action, lines, before);
  const targets = lines.flatMap((line, i) =>
    qualifies(offer, line) ? (before.parts[i] ?? []).map((part, j) => ({ i, j, value: partValue(line, part) })) : [],
  );
  const value = targets.reduce((sum, target) => sum + target.value, 0);
  const wanted =
    action.type === "percent"
      ? Math.min(Math.round((value * action.percent) / 100), action.capPaise ?? Number.POSITIVE_INFINITY)
      : action.amountPaise;
  const discount = Math.max(0, Math.min(wanted, value));
  const shares = shareInProportion(
    discount,
    targets.map((target) => target.value),
  );
  const parts = before.parts.map((line) => line.map((part) => ({ ...part })));
  targets.forEach(({ i, j }, k) => {
    const part = parts[i]?.[j];
    if (part) part.discount += shares[k] ?? 0;
  });
  return record(before, { offer, goods: discount, shipping: 0 }, parts);
}

function record(before: Priced, applied: AppliedOffer, parts: LinePart[][]): Priced {
  return {
    applied: [...before.applied, applied],
    parts,
    goods: before.goods + applied.goods,
    shipping: before.shipping + applied.shipping,
  };
}

/**
 * Buy X get Y: of the qualifying pieces, cheapest first (by shelf price, then by the cart's order),
 * the `get` cheapest of every `buy + get` are `percent` off. A line of which only some pieces are
 * discounted splits into two parts, so that each piece is taxed at its own value.
 */
function buyXGetY(
  offer: Offer,
  action: Extract<Offer["action"], { type: "buy-x-get-y" }>,
  lines: readonly OfferLine[],
  before: Priced,
): Priced {
  const pieces = lines.flatMap((line, i) =>
    qualifies(offer, line)
      ? (before.parts[i] ?? []).flatMap((part, j) =>
          Array.from({ length: part.quantity }, () => ({ i, j, price: line.unitPrice })),
        )
      : [],
  );
  const rewarded = Math.floor(pieces.length / (action.buy + action.get)) * action.get;
  const cheapest = pieces
    .map((piece, order) => ({ ...piece, order }))
    .sort((a, b) => a.price - b.price || a.order - b.order);
  const taken = new Map<string, number>();
  for (const piece of cheapest.slice(0, rewarded)) {
    const key = `${piece.i}:${piece.j}`;
    taken.set(key, (taken.get(key) ?? 0) + 1);
  }
  const parts = before.parts.map((lineParts, i) =>
    lineParts.flatMap((part, j) => {
      const count = taken.get(`${i}:${j}`) ?? 0;
      const line = lines[i];
      if (count === 0 || !line) return [{ ...part }];
      return splitPart(line, part, count, action.percent).filter((entry) => entry.quantity > 0);
    }),
  );
  const discount = totalDiscount(parts) - totalDiscount(before.parts);
  return record(before, { offer, goods: discount, shipping: 0 }, parts);
}

const totalDiscount = (parts: LinePart[][]) =>
  parts.reduce((sum, line) => sum + line.reduce((inner, part) => inner + part.discount, 0), 0);

/**
 * `count` pieces of a part taken out at `percent` off: the part's earlier discount is shared between
 * the pieces taken and the rest by their number, and the taken pieces lose `percent` of what is
 * left of their value.
 */
function splitPart(line: OfferLine, part: LinePart, count: number, percent: number): [LinePart, LinePart] {
  const [restShare = 0, takenShare = 0] = shareInProportion(part.discount, [part.quantity - count, count]);
  const takenValue = line.unitPrice * count - takenShare;
  const off = percent >= 100 ? takenValue : Math.round((takenValue * percent) / 100);
  return [
    { quantity: part.quantity - count, discount: restShare },
    { quantity: count, discount: takenShare + off },
  ];
}

const saving = (priced: Priced) => priced.goods + priced.shipping;

/** The option that saves the most; of equals, the first (the one with the shopper's code comes first). */
function best(options: readonly (Priced | null)[]): Priced | null {
  let chosen: Priced | null = null;
  for (const option of options) if (option && (!chosen || saving(option) > saving(chosen))) chosen = option;
  return chosen;
}

/**
 * The offers of a cart: the best automatic offer it qualifies for, and the shopper's code. A code
 * combines only with an automatic offer that says so; otherwise whichever saves more applies
 * (the code on a tie), and the cart says which and why.
 */
export function priceOffers(input: OfferPricingInput): OfferOutcome {
  const { lines, shipping, shopper, now } = input;
  const start: Priced = { applied: [], parts: wholeLines(lines), goods: 0, shipping: 0 };
  const eligible = input.automatic.filter(
    (offer) => offer.kind === "automatic" && refusalOf(offer, lines, shopper, now) === null,
  );
  const bestOf = (offers: readonly Offer[]) => best(offers.map((offer) => applyAction(offer, lines, start, shipping)));
  const automatic = bestOf(eligible);
  const outcome = (chosen: Priced, code: CodeOutcome | null, considered: number): OfferOutcome => ({
    ...chosen,
    code,
    note: noteFor(chosen, considered),
    why: whyNotApplied(input, chosen),
  });
  if (!input.code) return outcome(automatic ?? start, null, eligible.length);
  const { typed, offer } = input.code;
  const refusal = offer ? refusalOf(offer, lines, shopper, now) : "unknown";
  if (!offer || refusal) {
    const message = refusalMessage(refusal ?? "unknown", offer, {
      code: typed,
      qualifyingValue: offer ? qualifyingValue(offer, lines) : 0,
    });
    return outcome(automatic ?? start, { code: codeKey(typed), status: "refused", refusal, message }, eligible.length);
  }
  const combinable = bestOf(eligible.filter((candidate) => candidate.combinesWithCode));
  const withCode = best([
    combinable ? applyAction(offer, lines, combinable, shipping) : null,
    applyAction(offer, lines, start, shipping),
  ]);
  const chosen = best([withCode, automatic]) ?? start;
  const used = chosen.applied.some((applied) => applied.offer.id === offer.id);
  const code: CodeOutcome = {
    code: offer.name,
    status: used ? "applied" : "not-used",
    refusal: null,
    message: used
      ? `${offer.name} applied: ${describeOffer(offer)}.`
      : `${offer.name} would save ${formatInr(withCode ? saving(withCode) : 0)}; it does not combine with ${chosen.applied.map((applied) => applied.offer.name).join(" and ")}, which saves you more.`,
  };
  return outcome(chosen, code, eligible.length + 1);
}

/** Why each offer to explain is not among those applied: its refusal, or that it no longer applies. */
function whyNotApplied(input: OfferPricingInput, chosen: Priced): Record<number, string> {
  const why: Record<number, string> = {};
  for (const offer of input.explain ?? []) {
    if (chosen.applied.some((applied) => applied.offer.id === offer.id)) continue;
    const refusal = refusalOf(offer, input.lines, input.shopper, input.now);
    why[offer.id] = refusal
      ? refusalMessage(refusal, offer, {
          code: offer.name,
          qualifyingValue: qualifyingValue(offer, input.lines),
        })
      : `${offer.name} no longer applies to this order.`;
  }
  return why;
}

/** "Best offer applied: FEST10 (10 % off on Ethnic): you save ₹400 (the most of the 2 offers …)." */
function noteFor(chosen: Priced, considered: number): string | null {
  if (chosen.applied.length === 0 || saving(chosen) === 0) return null;
  const names = chosen.applied.map(({ offer }) => `${offer.name} (${describeOffer(offer)})`).join(" and ");
  const heading = chosen.applied.length > 1 ? "Best offers applied" : "Best offer applied";
  const why = considered > 1 ? ` (the most of the ${considered} offers this cart qualifies for)` : "";
  return `${heading}: ${names}: you save ${formatInr(saving(chosen))}${why}.`;
}

/** Anyone at all: the shelves show only offers that do not depend on who buys. */
const ANYONE: Shopper = { signedIn: false, firstOrder: null, usesOf: () => null };

/** Whether an offer may show on the shelves: automatic, and the same for every shopper. */
export function showsOnShelves(offer: Offer): boolean {
  return offer.kind === "automatic" && !offer.firstOrderOnly && !offer.signedInOnly && offer.perCustomerLimit === null;
}

/**
 * What one piece costs with the automatic offer a cart of that piece alone gets (with its
 * shipping, so that a free-shipping offer that would win there leaves the piece at its price):
 * the price the listing and the product page show, null when no offer takes anything off it.
 */
export function shelfOfferFor(
  piece: Omit<OfferLine, "quantity">,
  automatic: readonly Offer[],
  shipping: number,
  now: number,
): ShelfOffer | null {
  const priced = priceOffers({
    lines: [{ ...piece, quantity: 1 }],
    shipping,
    automatic: automatic.filter(showsOnShelves),
    code: null,
    shopper: ANYONE,
    now,
  });
  const first = priced.applied[0];
  if (!first || priced.goods === 0) return null;
  return {
    price: piece.unitPrice - priced.goods,
    name: first.offer.name,
    description: describeOffer(first.offer),
  };
}
