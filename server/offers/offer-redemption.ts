import { formatInr } from "#core/money.ts";
import { type AppliedOfferView, describeOffer, type OfferRefusal, refusalMessage } from "#core/offers.ts";
import { readQuote } from "#core/price-quote.ts";
import type { Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type OfferOutcome, showsOnShelves } from "./offer-engine.ts";
import {
  dropCartCode,
  findLineOffer,
  findOffer,
  findOrderLineOffers,
  findOrderOffers,
  giveBackUse,
  insertOrderLineOffers,
  insertOrderOffers,
  releaseOrderOffers,
  takeCustomerUse,
  takeUse,
} from "./offers.repository.ts";

/*
 * Offers in the order's life: the lines an order records (split where an offer discounted some
 * pieces of a line and not others), the uses an order takes inside its transaction, the refusal when
 * one is gone, and the uses given back when it is cancelled before dispatch (record 31).
 */

/**
 * The lines an order records, with the offers' share of each (`offer`, paise): a line whose pieces
 * got different discounts (buy X get Y) becomes one line per part, so that each is taxed at its own
 * value. Quantities and values add up to the cart's.
 */
export function soldParts<Line extends { quantity: number; unitPrice: number; lineTotal?: number }>(
  lines: readonly Line[],
  outcome: OfferOutcome,
): (Line & { offer: number })[] {
  return lines.flatMap((line, i) =>
    (outcome.parts[i] ?? [{ quantity: line.quantity, discount: 0 }]).map((part) => ({
      ...line,
      quantity: part.quantity,
      ...(line.lineTotal === undefined ? {} : { lineTotal: line.unitPrice * part.quantity }),
      offer: part.discount,
    })),
  );
}

/** A refusal at checkout: what stopped the offer, and that nothing was placed. */
function refusedAtCheckout(message: string): AppError {
  return new AppError(
    "offer-refused",
    `${message} Your order has not been placed: please check your cart (you can remove the code there) and order again.`,
  );
}

/** The offers a checkout's quote says the buyer saw applied. */
export function seenOfferIds(quoteText: string): number[] {
  return (quoteText ? (readQuote(quoteText)?.offers ?? []) : []).map((offer) => offer.offerId);
}

/**
 * Refuses an order whose offers are not those the buyer saw: a one-time code used meanwhile in
 * another tab, an offer disabled or ended, a code that no longer qualifies. The message says
 * which offer and why (the outcome explains the offers of the quote, see `seenOfferIds`);
 * figures that moved for other reasons are the price check's to explain.
 */
export function assertOffersAsSeen(quoteText: string, outcome: OfferOutcome): void {
  const seen = quoteText ? readQuote(quoteText)?.offers : undefined;
  for (const offer of seen ?? []) {
    const now = outcome.applied.find((applied) => applied.offer.id === offer.offerId);
    if (now && now.goods + now.shipping === offer.discount) continue;
    throw refusedAtCheckout(
      now
        ? `${now.offer.name} now takes ${formatInr(now.goods + now.shipping)} off (you saw ${formatInr(offer.discount)}).`
        : (outcome.why[offer.offerId] ?? "An offer you saw no longer applies to this order."),
    );
  }
}

/**
 * What the order got from each offer, and each line's share, written with the order (its
 * confirmation mail reads them).
 */
export async function recordOrderOffers(
  trx: Executor,
  order: { orderId: number; customerKey: string; outcome: OfferOutcome; lines: readonly { offer: number }[] },
): Promise<void> {
  const { orderId, customerKey, outcome } = order;
  await insertOrderOffers(
    trx,
    outcome.applied.map(({ offer, goods, shipping }, position) => ({
      orderId,
      promotionId: offer.id,
      position,
      name: offer.name,
      kind: offer.kind,
      description: describeOffer(offer),
      goodsDiscount: goods,
      shippingDiscount: shipping,
      customerKey,
    })),
  );
  await insertOrderLineOffers(
    trx,
    order.lines.flatMap((line, position) => (line.offer > 0 ? [{ orderId, position, discount: line.offer }] : [])),
  );
}

/**
 * The order takes a use of each offer it got, and the customer one of theirs; an offer disabled,
 * used up or already used by this customer since the cart was priced stops the order, saying so.
 * The cart's code goes once used. One of the last steps of the order's transaction: the
 * offer's row is locked from here to its end (after the stock rows, before the customer's, as
 * a cancellation takes them). Answers whether the shelves now show other prices (an automatic
 * offer reached its limit).
 */
export async function takeOfferUses(
  trx: Executor,
  order: { owner: string | null; customerKey: string; outcome: OfferOutcome },
): Promise<boolean> {
  const { customerKey, outcome } = order;
  let shelvesChanged = false;
  for (const { offer } of outcome.applied) {
    const uses = await takeUse(trx, offer.id);
    if (uses === null) {
      const current = await findOffer(trx, offer.id);
      throw refusedAtCheckout(refusalFor(current?.disabledAt ? "disabled" : "used-up", offer));
    }
    if (!(await takeCustomerUse(trx, offer.id, customerKey, offer.perCustomerLimit))) {
      throw refusedAtCheckout(refusalFor("already-used", offer));
    }
    shelvesChanged ||= showsOnShelves(offer) && uses === offer.totalLimit;
  }
  if (outcome.code?.status === "applied" && order.owner) await dropCartCode(trx, order.owner);
  return shelvesChanged;
}

const refusalFor = (refusal: OfferRefusal, offer: Parameters<typeof refusalMessage>[1]) =>
  refusalMessage(refusal, offer, { code: offer?.name ?? "" });

/**
 * An order cancelled before dispatch gives its offers' uses back (the customer's too), once.
 * Answers whether the shelves now show other prices (an automatic offer that had run out).
 */
export async function releaseOffers(trx: Executor, orderId: number, now: number): Promise<boolean> {
  let shelvesChanged = false;
  for (const released of await releaseOrderOffers(trx, orderId, now)) {
    const offer = await findOffer(trx, released.promotionId);
    await giveBackUse(trx, released.promotionId, released.customerKey);
    shelvesChanged ||= offer !== null && showsOnShelves(offer) && offer.uses === offer.totalLimit;
  }
  return shelvesChanged;
}

/** What an order got from its offers, as the order page and the mails show it. */
export async function orderOffers(executor: Executor, orderId: number): Promise<AppliedOfferView[]> {
  return (await findOrderOffers(executor, orderId)).map((row) => ({
    offerId: row.promotionId,
    name: row.name,
    kind: row.kind,
    description: row.description,
    goods: row.goodsDiscount,
    shipping: row.shippingDiscount,
  }));
}

/** The offers' share of each of an order's lines, by position (0 for a line without). */
export async function orderLineOfferShares(executor: Executor, orderId: number): Promise<Map<number, number>> {
  return new Map((await findOrderLineOffers(executor, orderId)).map((row) => [row.position, row.discount]));
}

/**
 * The offers' share of some pieces of an order line (paise), as a return credits them: a returned
 * piece's discount is part offer and part points, and only the points' part comes back as points.
 */
export async function offerShareOfReturn(executor: Executor, orderId: number, position: number, pieces: number) {
  const line = await findLineOffer(executor, orderId, position);
  return line ? Math.round((line.discount * pieces) / line.quantity) : 0;
}
