import { codOffer, NO_COD_LIMITS } from "#core/cash-on-delivery.ts";
import type { PaymentMethod } from "#core/payment-status.ts";
import { pointsEarnedFor, pointsToPaise, redeemablePoints } from "#core/points.ts";
import type { CartLine, CartTotals } from "../cart/cart.schemas.ts";
import { cartLines, emptyCart, pieceLines } from "../cart/cart.service.ts";
import { priceLines } from "../cart/pricing.ts";
import type { Executor } from "../db/schema.ts";
import type { DeliveryPromise } from "../delivery/delivery.service.ts";
import { AppError } from "../errors.ts";
import { randomToken } from "../ids.ts";
import { draftInvoice, type InvoiceDraft } from "../invoices/invoicing.ts";
import type { OfferOutcome } from "../offers/offer-engine.ts";
import { assertOffersAsSeen, seenOfferIds } from "../offers/offer-redemption.ts";
import { offersFor } from "../offers/offers.service.ts";
import { pointsBalance } from "../rewards/rewards.service.ts";
import type { Checkout } from "./checkout-details.ts";
import { nextOrderId } from "./orders.repository.ts";
import type { Sale, SalePayments } from "./place-order.ts";
import { assertPricesAsSeen } from "./price-check.ts";

/*
 * Pricing an order being placed (record 16's steps, record 37's split): what is bought (the cart
 * claimed, or Order Now's one piece), at the prices and offers read in the order's transaction,
 * with the points the balance allows, how it is paid, and the invoice drafted; all of it checked
 * against what the buyer saw. Nothing here writes the order (placement-writes.ts does).
 */

/** An order being placed, as its steps build it up inside the transaction. */
export type Placement = {
  checkout: Checkout;
  key: string;
  fingerprint: string;
  lines: CartLine[];
  totals: CartTotals;
  /** What the offers took off, and the lines as the order records them (split where an offer split them). */
  offers: OfferOutcome;
  sold: (CartLine & { offer: number })[];
  pointsEarned: number;
  orderId: number;
  orderNumber: string;
  accessToken: string;
  invoice: InvoiceDraft;
  method: PaymentMethod;
  codFee: number;
  delivery: DeliveryPromise;
  /** Paise of the total paid with store credit (a payment, not a discount: the invoice is unchanged). */
  storeCredit: number;
};

/**
 * The order as its steps will write it: its number, points, payment terms (cash on delivery where
 * the delivery promise allows it) and drafted invoice.
 */
export async function preparePlacement(
  trx: Executor,
  base: Pick<
    Placement,
    "checkout" | "key" | "fingerprint" | "lines" | "totals" | "offers" | "sold" | "delivery" | "storeCredit"
  >,
  sale: Sale,
  now: number,
): Promise<Placement> {
  const { checkout, sold, totals } = base;
  const codFee = paymentTerms(
    checkout,
    totals.grandTotal - base.storeCredit,
    sale.payments,
    base.delivery.cod,
    base.delivery.codNote,
  );
  const orderId = await nextOrderId(trx);
  return {
    ...base,
    // Earned on what the buyer pays for the goods, not on the offers nor on the part paid with points.
    pointsEarned: checkout.userId
      ? pointsEarnedFor(totals.subtotal - totals.discount - pointsToPaise(totals.pointsRedeemed))
      : 0,
    orderId,
    orderNumber: orderNumberFor(orderId),
    accessToken: randomToken(),
    // Store credit that pays it all leaves nothing to pay online: the order is paid as it is placed.
    method: totals.grandTotal === base.storeCredit ? "cod" : checkout.paymentMethod,
    codFee,
    invoice: draftInvoice(
      {
        lines: sold,
        points: pointsToPaise(totals.pointsRedeemed),
        shipping: totals.shipping,
        stateCode: checkout.stateCode,
        codFee,
      },
      sale.seller,
      now,
    ),
  };
}

/**
 * How the order will be paid, checked against what the shop offers: online only when a gateway is
 * configured, cash only where (the courier's list) and up to what value it is offered, both for
 * what is left to pay after store credit. Answers cash's fee (0 online, and 0 when nothing is left
 * to pay).
 */
export function paymentTerms(
  checkout: Checkout,
  toPay: number,
  payments: SalePayments | undefined,
  codAtPincode: boolean,
  codNote: string | null = null,
): number {
  if (toPay === 0) return 0;
  if (checkout.paymentMethod === "online") {
    if (!payments?.online) {
      throw new AppError(
        "online-payment-off",
        "Online payment is not available right now. Please choose cash on delivery.",
      );
    }
    return 0;
  }
  const offer = codOffer(payments ?? NO_COD_LIMITS, {
    total: toPay,
    pincode: checkout.pincode,
    codAtPincode,
    codNote,
  });
  if (!offer.offered) {
    const reason = payments?.online ? `${offer.reason} Please pay online.` : offer.reason;
    throw new AppError("cod-not-offered", reason);
  }
  return offer.fee;
}

/** The human order number: short, unique, and stable once given. */
export function orderNumberFor(id: number): string {
  return `KS-${100000 + id}`;
}

/**
 * The cart's lines, taken out of the cart first: that makes the cart this checkout's alone, so a
 * second checkout of the same cart at the same moment (another tab) waits, then finds it empty.
 */
export async function claimCart(trx: Executor, owner: string): Promise<CartLine[]> {
  const lines = await cartLines(trx, owner);
  if (lines.length === 0) throw new AppError("cart-empty", "Your cart is empty.");
  if ((await emptyCart(trx, owner)) !== lines.length) {
    throw new AppError("cart-empty", "Your cart changed while you were checking out. Please review it.");
  }
  assertBuyable(lines);
  return lines;
}

/**
 * The one piece of an Order Now, read in this transaction; the cart is not touched. A second submit
 * of the same form at the same moment collides on the idempotency key and answers with the first.
 */
export async function claimPiece(trx: Executor, checkout: Checkout): Promise<CartLine[]> {
  const lines = await pieceLines(trx, { productId: checkout.buyProductId, size: checkout.buySize });
  if (lines.length === 0) throw new AppError("not-found", "This product is no longer available.");
  assertBuyable(lines);
  return lines;
}

/** A line that cannot be bought as it is stops the order, saying which and why. */
function assertBuyable(lines: readonly CartLine[]): void {
  for (const line of lines) {
    const { availability } = line;
    if (availability.kind === "archived") {
      throw new AppError("out-of-stock", `${line.title} is no longer available. Please remove it from your cart.`);
    }
    if (availability.kind === "short") {
      throw new AppError("out-of-stock", shortageMessage(line, availability.available));
    }
  }
}

/**
 * The offers this checkout gets, read in its transaction: the cart's code and the automatic
 * offers live now, for the buyer the checkout names (a guest's e-mail is known by now).
 */
export function offersForCheckout(
  trx: Executor,
  owner: string,
  checkout: Checkout,
  lines: readonly CartLine[],
  now: number,
) {
  return offersFor(trx, {
    owner,
    buyer: { userId: checkout.userId, email: checkout.email },
    lines,
    shipping: priceLines(lines).shipping,
    now,
    explain: seenOfferIds(checkout.seenQuote),
  });
}

/**
 * The order's totals from the prices read in this transaction, less its offers, with the points the
 * balance allows (spent after the offers); refused if they are not what the buyer saw.
 */
export async function priceOrder(
  trx: Executor,
  checkout: Checkout,
  lines: readonly CartLine[],
  offers: OfferOutcome,
): Promise<{ totals: CartTotals; offers: OfferOutcome }> {
  const { subtotal } = priceLines(lines);
  const balance = checkout.userId && checkout.redeemPoints ? await pointsBalance(trx, checkout.userId) : 0;
  const totals = priceLines(lines, redeemablePoints(subtotal - offers.goods, balance), offers);
  assertOffersAsSeen(checkout.seenQuote, offers);
  assertPricesAsSeen(checkout.seenQuote, lines, totals);
  return { totals, offers };
}

export function shortageMessage(line: { title: string; size: string }, left: number): string {
  return left > 0
    ? `Sorry, only ${left} of ${line.title} in size ${line.size} ${left === 1 ? "is" : "are"} left.`
    : `Sorry, ${line.title} in size ${line.size} is out of stock.`;
}
