import { createHash } from "node:crypto";
import type { Actor } from "#core/actor.ts";
import { type CartOffers, describeOffer, NO_CART_OFFERS, type Offer } from "#core/offers.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import { type OfferLine, type OfferOutcome, priceOffers, type Shopper } from "./offer-engine.ts";
import {
  dropCartCode,
  findCartCode,
  findCurrentAutomatic,
  findCustomerUses,
  findOffer,
  findOfferByCode,
  findProductCollections,
  hasEarlierOrder,
  keepCartCode,
} from "./offers.repository.ts";
import { type OfferCodeInput, offerCodeSchema } from "./offers.schemas.ts";

/*
 * The shopper's side of offers: the code a cart keeps, and what the offers take off a cart, for the
 * cart page and for the order's transaction alike (record 31).
 */

/** Who is buying, as far as offers care: signed in or not, and their e-mail once it is known. */
export type OfferBuyer = { userId: string | null; email: string | null };

/** A line to price: a piece of a product, its price now, and how many. */
export type PricedLine = { productId: number; unitPrice: number; quantity: number };

/**
 * How a customer's uses are counted: a hash of the e-mail normalised as accounts are keyed (trimmed,
 * lower case), the same for a guest and an account, and no address kept once an account is erased.
 */
export function customerKeyOf(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export const NO_OFFERS: OfferOutcome = {
  applied: [],
  parts: [],
  goods: 0,
  shipping: 0,
  code: null,
  note: null,
  why: {},
};

/** The buyer an actor is before checkout: a customer by their account, a visitor not yet known. */
export function buyerOf(actor: Actor): OfferBuyer {
  return actor.kind === "user" ? { userId: actor.userId, email: actor.email } : { userId: null, email: null };
}

/**
 * What the offers take off these lines for this buyer, now: the cart owner's code and the automatic
 * offers live now, read in `executor` (the order's transaction reads them there). A line taken
 * out of the shop counts for nothing. `explain` names offers the buyer saw applied: the outcome
 * says why each that no longer applies does not.
 */
export async function offersFor(
  executor: Executor,
  request: {
    owner: string | null;
    buyer: OfferBuyer;
    lines: readonly PricedLine[];
    shipping: number;
    now: number;
    explain?: readonly number[];
  },
): Promise<OfferOutcome> {
  const { owner, buyer, now } = request;
  const [code, current, explain] = await Promise.all([
    owner ? findCartCode(executor, owner) : null,
    findCurrentAutomatic(executor, now),
    offersById(executor, request.explain ?? []),
  ]);
  const automatic = current.filter((offer) => offer.startsAt <= now);
  if (!code && automatic.length === 0 && explain.length === 0) {
    return { ...NO_OFFERS, parts: request.lines.map(wholeLine) };
  }
  const [offer, lines] = await Promise.all([
    code ? findOfferByCode(executor, code) : null,
    offerLines(executor, request.lines),
  ]);
  const candidates = [...automatic, ...explain, ...(offer ? [offer] : [])];
  const shopper = await shopperFor(executor, buyer, candidates);
  return priceOffers({
    lines,
    shipping: request.shipping,
    automatic,
    code: code ? { typed: code, offer } : null,
    shopper,
    now,
    explain,
  });
}

async function offersById(executor: Executor, ids: readonly number[]): Promise<Offer[]> {
  const found = await Promise.all(ids.map((id) => findOffer(executor, id)));
  return found.filter((offer): offer is Offer => offer !== null);
}

const wholeLine = (line: PricedLine) => [{ quantity: line.quantity, discount: 0 }];

async function offerLines(executor: Executor, lines: readonly PricedLine[]): Promise<OfferLine[]> {
  const collections = await findProductCollections(
    executor,
    lines.map((line) => line.productId),
  );
  return lines.map((line) => ({
    productId: line.productId,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    collections: collections.get(line.productId) ?? [],
  }));
}

/**
 * What the conditions need to know of the buyer, read only when an offer asks: whether this is
 * a first order, and their uses so far. A visitor's e-mail comes at checkout: until then both are
 * unknown, and the order's transaction checks them.
 */
async function shopperFor(executor: Executor, buyer: OfferBuyer, candidates: readonly Offer[]): Promise<Shopper> {
  const signedIn = buyer.userId !== null;
  if (!buyer.email) return { signedIn, firstOrder: null, usesOf: () => null };
  const email = buyer.email;
  const needsFirst = candidates.some((offer) => offer.firstOrderOnly);
  const limited = candidates.filter((offer) => offer.perCustomerLimit !== null).map((p) => p.id);
  const [earlier, uses] = await Promise.all([
    needsFirst ? hasEarlierOrder(executor, { userId: buyer.userId, email }) : Promise.resolve(false),
    findCustomerUses(executor, limited, customerKeyOf(email)),
  ]);
  return { signedIn, firstOrder: !earlier, usesOf: (id) => uses.get(id) ?? 0 };
}

/** The offers of a cart in the words its pages show. */
export function cartOffersView(outcome: OfferOutcome): CartOffers {
  if (outcome.applied.length === 0 && !outcome.code) return NO_CART_OFFERS;
  return {
    applied: outcome.applied.map(({ offer, goods, shipping }) => ({
      offerId: offer.id,
      name: offer.name,
      kind: offer.kind,
      description: describeOffer(offer),
      goods,
      shipping,
    })),
    code: outcome.code ? { code: outcome.code.code, status: outcome.code.status, message: outcome.code.message } : null,
    note: outcome.note,
  };
}

/**
 * The shopper types a code on the cart page. It is kept with the cart when it applies, or when
 * what stands in its way is who the shopper is not yet (signed-in customers only: the code waits
 * through login). Any other refusal says why (expired, not started, minimum not met…) and keeps
 * nothing. Answers the message to show.
 */
export async function applyOfferCode(
  db: Db,
  request: { owner: string; buyer: OfferBuyer; lines: readonly PricedLine[]; shipping: number; now: number },
  input: OfferCodeInput,
): Promise<string> {
  const { code } = parseInput(offerCodeSchema, input);
  const { owner, now } = request;
  return db.transaction().execute(async (trx) => {
    const previous = await findCartCode(trx, owner);
    await keepCartCode(trx, owner, code, now);
    const result = (await offersFor(trx, request)).code;
    if (result?.status === "refused" && result.refusal !== "signed-in-only") {
      // Nothing of a refused code stays: the code the cart had before is kept as it was.
      if (previous) await keepCartCode(trx, owner, previous, now);
      else await dropCartCode(trx, owner);
      throw new AppError("offer-refused", result.message, { code: result.message });
    }
    return result?.message ?? `${code} applied.`;
  });
}

/** The code comes off the cart: the shopper takes it off, or the account that kept the cart goes. */
export async function removeOfferCode(executor: Executor, owner: string): Promise<void> {
  await dropCartCode(executor, owner);
}

/**
 * At login, the visitor's cart joins the account's and so does its code: the code the visitor just
 * typed replaces one the account's cart kept.
 */
export async function moveCartCode(executor: Executor, fromOwner: string, toOwner: string, now: number) {
  const code = await findCartCode(executor, fromOwner);
  if (!code) return;
  await keepCartCode(executor, toOwner, code, now);
  await dropCartCode(executor, fromOwner);
}
