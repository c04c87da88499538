/*
 * Offers: coupon codes the shopper types and automatic offers, in the shop's words. An offer
 * has one set of conditions and one action; the server decides what applies (server/offers) and
 * the pages say it with the words made here. Amounts in paise, times in epoch milliseconds.
 */
import { COLLECTIONS, type CollectionFlag } from "./collections.ts";
import { formatShopDateTime } from "./dates.ts";
import { formatInr } from "./money.ts";
import type { SeenOffer } from "./price-quote.ts";

export type OfferKind = "code" | "automatic";

/** What an offer takes off. Percentages are whole numbers from 1 to 100. */
export type OfferAction =
  | { type: "percent"; percent: number; capPaise: number | null }
  | { type: "fixed"; amountPaise: number }
  | { type: "free-shipping" }
  /** For every `buy` + `get` qualifying pieces, the `get` cheapest are `percent` off (100: free). */
  | { type: "buy-x-get-y"; buy: number; get: number; percent: number };

export type OfferActionType = OfferAction["type"];

/** What an offer applies to: pieces of these collections or these products; both empty: everything. */
export type OfferScope = { collections: CollectionFlag[]; productIds: number[] };

export type Offer = {
  id: number;
  /** What the shopper types (a code) or reads ("FEST10"), as the admin wrote it. */
  name: string;
  kind: OfferKind;
  action: OfferAction;
  scope: OfferScope;
  /** The qualifying pieces must be worth at least this before any discount; null: no minimum. */
  minSubtotal: number | null;
  firstOrderOnly: boolean;
  signedInOnly: boolean;
  startsAt: number;
  /** The first moment it no longer applies; null: no end. */
  endsAt: number | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  /** An automatic offer that still applies when the shopper uses a code. */
  combinesWithCode: boolean;
  uses: number;
  disabledAt: number | null;
};

/** Why a code (or an automatic offer) does not apply to this cart, for this shopper, now. */
export type OfferRefusal =
  | "unknown"
  | "disabled"
  | "not-started"
  | "expired"
  | "signed-in-only"
  | "first-order-only"
  | "used-up"
  | "already-used"
  | "not-for-these-items"
  | "minimum-not-met";

/** A code as it is typed and stored: trimmed, upper case, so "welcome10" is WELCOME10. */
export function codeKey(code: string): string {
  return code.trim().toUpperCase();
}

const percentText = (percent: number) => `${percent} %`;

/** What the action does, in a few words: "10 % off (up to ₹500)", "Buy 2, get 1 free". */
export function describeAction(action: OfferAction): string {
  switch (action.type) {
    case "percent":
      return `${percentText(action.percent)} off${action.capPaise ? ` (up to ${formatInr(action.capPaise)})` : ""}`;
    case "fixed":
      return `${formatInr(action.amountPaise)} off`;
    case "free-shipping":
      return "Free shipping";
    case "buy-x-get-y": {
      const reward = action.percent >= 100 ? "free" : `at ${percentText(action.percent)} off`;
      return `Buy ${action.buy}, get ${action.get} ${reward}`;
    }
  }
}

/** The collections and products a scope names, in words ("Ethnic and Pakistani Suits"); null: everything. */
export function describeScope(scope: OfferScope): string | null {
  const collections = COLLECTIONS.filter((entry) => scope.collections.includes(entry.flag)).map((entry) => entry.title);
  const products = scope.productIds.length
    ? [`${scope.productIds.length} chosen ${scope.productIds.length === 1 ? "piece" : "pieces"}`]
    : [];
  const names = [...collections, ...products];
  if (names.length === 0) return null;
  return names.length === 1 ? (names[0] ?? null) : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** An offer in one sentence: "10 % off (up to ₹500) on Ethnic, on ₹1,999 or more; first order only". */
export function describeOffer(offer: Pick<Offer, "action" | "scope" | "minSubtotal" | "firstOrderOnly">) {
  const scope = describeScope(offer.scope);
  const parts = [
    describeAction(offer.action),
    scope ? `on ${scope}` : null,
    offer.minSubtotal ? `on ${formatInr(offer.minSubtotal)} or more` : null,
  ].filter(Boolean);
  return `${parts.join(" ")}${offer.firstOrderOnly ? "; first order only" : ""}`;
}

/**
 * Who may get an offer, as the admin's Offers list names it: "Everyone" (guests included),
 * "Signed-in customers", "First order" or "Signed-in customers' first order".
 */
export function describeAudience(offer: Pick<Offer, "signedInOnly" | "firstOrderOnly">): string {
  if (offer.signedInOnly) return offer.firstOrderOnly ? "Signed-in customers' first order" : "Signed-in customers";
  return offer.firstOrderOnly ? "First order" : "Everyone";
}

/** The shopper's side of a refusal: what is wrong and, where there is one, what to do. */
export function refusalMessage(
  refusal: OfferRefusal,
  offer: Pick<Offer, "name" | "startsAt" | "endsAt" | "minSubtotal" | "scope"> | null,
  context: { code: string; qualifyingValue?: number } = { code: "" },
): string {
  const name = offer?.name ?? codeKey(context.code);
  switch (refusal) {
    case "unknown":
      return `There is no offer with the code ${name}. Please check the spelling.`;
    case "disabled":
      return `${name} is no longer available.`;
    case "not-started":
      return `${name} starts on ${formatShopDateTime(offer?.startsAt ?? 0)}.`;
    case "expired":
      return `${name} expired on ${formatShopDateTime(offer?.endsAt ?? 0)}.`;
    case "signed-in-only":
      return `${name} is for signed-in customers: log in or sign up to use it (your code is kept).`;
    case "first-order-only":
      return `${name} is for a first order only.`;
    case "used-up":
      return `${name} has been used as many times as it can be.`;
    case "already-used":
      return `You have already used ${name}.`;
    case "not-for-these-items":
      return `${name} is for ${offer ? describeScope(offer.scope) : "other pieces"} only: nothing in your cart qualifies.`;
    case "minimum-not-met": {
      const minimum = offer?.minSubtotal ?? 0;
      const short = Math.max(0, minimum - (context.qualifyingValue ?? 0));
      return `${name} needs pieces worth ${formatInr(minimum)} or more: add ${formatInr(short)} more.`;
    }
  }
}

/** An offer's state on the admin's list. */
export type OfferState = "live" | "scheduled" | "ended" | "disabled";

export function offerState(offer: Pick<Offer, "startsAt" | "endsAt" | "disabledAt">, now: number): OfferState {
  if (offer.disabledAt !== null) return "disabled";
  if (now < offer.startsAt) return "scheduled";
  if (offer.endsAt !== null && now >= offer.endsAt) return "ended";
  return "live";
}

/** One offer on a cart or an order: its name, what it is, and what it took off goods and shipping. */
export type AppliedOfferView = {
  offerId: number;
  name: string;
  kind: OfferKind;
  description: string;
  goods: number;
  shipping: number;
};

/** How the code the shopper gave stands: applied, beaten by a better offer it does not combine with, or refused. */
export type OfferCodeView = { code: string; status: "applied" | "not-used" | "refused"; message: string };

/** The offers of a cart, as its pages show them. */
export type CartOffers = {
  applied: AppliedOfferView[];
  code: OfferCodeView | null;
  /** "Best offer applied: …", with why; null when no offer applies. */
  note: string | null;
};

export const NO_CART_OFFERS: CartOffers = { applied: [], code: null, note: null };

/** The price of a piece with the automatic offer that applies to it bought on its own. */
export type ShelfOffer = { price: number; name: string; description: string };

/** An offer as a total shows it: its name and what it took off the goods and the shipping. */
export type OfferTaken = Pick<AppliedOfferView, "name" | "goods" | "shipping">;

/** The rows offers add to a cart's or an order's totals, one per offer that took something off the goods. */
export function offerDiscountRows(offers: readonly OfferTaken[]): { label: string; value: string; amount: number }[] {
  return offers
    .filter((offer) => offer.goods > 0)
    .map((offer) => ({ label: `Offer ${offer.name}`, value: `−${formatInr(offer.goods)}`, amount: offer.goods }));
}

/** How a total's shipping reads: its charge, or "Free with SHIPFREE" when an offer paid all of it. */
export function shippingText(shipping: number, offers: readonly OfferTaken[]): string {
  const paidBy = offers.find((offer) => offer.shipping > 0);
  return paidBy && shipping === 0 ? `Free with ${paidBy.name}` : formatInr(shipping);
}

/** The offers a page shows, as its checkout form's quote carries them (core/price-quote.ts). */
export function seenOffers(offers: CartOffers): SeenOffer[] {
  return offers.applied.map((offer) => ({ offerId: offer.offerId, discount: offer.goods + offer.shipping }));
}
