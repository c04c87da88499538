import { type Actor, SYSTEM } from "#core/actor.ts";
import { seenOffers } from "#core/offers.ts";
import { writeQuote } from "#core/price-quote.ts";
import { addToCart, viewCart } from "../cart/cart.service.ts";
import { applyCartCode } from "../cart/cart-offers.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db } from "../db/schema.ts";
import type { OfferFormInput, OfferInput } from "../offers/offers.schemas.ts";
import { createOffer } from "../offers/offers-admin.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails } from "./factories.ts";

/*
 * What the offers' tests do again and again: make an offer as the admin's form would, fill a
 * cart, and order it as the page would (with the quote of what the page showed).
 */

/** The Offers form as posted, every field empty but those given: a 10 % code by default. */
export function offerForm(fields: Partial<OfferFormInput> = {}): OfferFormInput {
  return {
    kind: "code",
    name: "WELCOME10",
    actionType: "percent",
    percent: "10",
    cap: "",
    amount: "",
    buy: "",
    get: "",
    getPercent: "",
    minSubtotal: "",
    collections: [],
    productIds: "",
    firstOrderOnly: false,
    signedInOnly: false,
    combinesWithCode: false,
    startsAt: "",
    endsAt: "",
    totalLimit: "",
    perCustomerLimit: "",
    ...fields,
  };
}

/** An offer as the Offers form reads it, every condition off but those given: an automatic 10 % by default. */
export function offerInput(fields: Partial<OfferInput> = {}): OfferInput {
  return {
    kind: "automatic",
    name: "FEST10",
    action: { type: "percent", percent: 10, capPaise: null },
    scope: { collections: [], productIds: [] },
    minSubtotal: null,
    firstOrderOnly: false,
    signedInOnly: false,
    startsAt: 0,
    endsAt: null,
    totalLimit: null,
    perCustomerLimit: null,
    combinesWithCode: false,
    ...fields,
  };
}

/** Ends every offer of the database: each test of a suite starts with none live. */
export async function disableAllOffers(db: Db): Promise<void> {
  await db.updateTable("promotions").set({ disabledAt: Date.now() }).where("disabledAt", "is", null).execute();
  await catalogVersion(db).changed();
}

/** An offer made by the shop itself (the admin check passes for the system). */
export function makeOffer(db: Db, fields: Partial<OfferFormInput> = {}) {
  return createOffer(db, SYSTEM, offerForm(fields));
}

/** Puts pieces of size M in the actor's cart, one call per product. */
export async function fillCart(db: Db, actor: Actor, pieces: readonly [productId: number, quantity: number][]) {
  for (const [productId, quantity] of pieces) await addToCart(db, actor, { productId, size: "M", quantity });
}

/** Applies a code to the actor's cart, as the cart's code box does. */
export function enterCode(db: Db, actor: Actor, code: string) {
  return applyCartCode(db, actor, { code });
}

/** The checkout form of the cart as its page shows it now, carrying the quote of what it shows. */
export async function checkoutAsSeen(db: Db, actor: Actor, details: Record<string, unknown> = {}) {
  const cart = await viewCart(db, actor, { redeem: details.redeemPoints === true });
  const quote = writeQuote(cart.lines, cart.grandTotal, seenOffers(cart.offers));
  return checkoutDetails({ seenQuote: quote, ...details });
}

/** Orders the cart as its checkout form would, carrying the quote of what the page showed. */
export async function orderCart(db: Db, actor: Actor, details: Record<string, unknown> = {}, now?: number) {
  return placeOrder(db, actor, await checkoutAsSeen(db, actor, details), atShop(now));
}
