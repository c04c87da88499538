import { PAYMENT_WINDOW_MS, type PaymentStatus } from "#core/payment-status.ts";
import { rememberDeliveryAddress } from "../accounts/accounts.service.ts";
import type { CartLine } from "../cart/cart.schemas.ts";
import type { Executor } from "../db/schema.ts";
import { keepPromise } from "../delivery/delivery.service.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { keepInvoiceRows } from "../invoices/invoicing.ts";
import { recordOrderOffers } from "../offers/offer-redemption.ts";
import { customerKeyOf } from "../offers/offers.service.ts";
import { redeemPoints } from "../rewards/rewards.service.ts";
import { type StockBy, takeStock as takeShelfStock } from "../stock/stock.service.ts";
import { spendStoreCredit } from "../store-credit/store-credit.service.ts";
import type { Checkout } from "./checkout-details.ts";
import { type Placement, shortageMessage } from "./order-pricing.ts";
import { insertOrder, insertOrderLines } from "./orders.repository.ts";
import type { LineSnapshot } from "./orders.schemas.ts";

/*
 * What placing an order writes, each step in the order's transaction (record 16): the order, its
 * invoice's tax rows, a snapshot of every line, its offers and delivery promise; the stock taken,
 * the points and store credit spent, and the address kept for next time.
 */

/**
 * Each size's stock goes down, never below zero; another order may have taken it since it was read.
 * Answers whether a page would now show something else (few left, or sold out).
 */
export async function takeStock(
  trx: Executor,
  lines: readonly CartLine[],
  sale: { orderId: number; by: StockBy; now: number },
): Promise<boolean> {
  const taken = await takeShelfStock(trx, lines, { reason: "sold", ...sale });
  if (!taken.taken) throw new AppError("out-of-stock", shortageMessage(taken.short, taken.left));
  return taken.shows;
}

/** The order, its invoice's tax rows, and a snapshot of every line. */
export async function recordOrder(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { checkout, totals, invoice, orderId, method, codFee } = placement;
  await insertOrder(trx, {
    id: orderId,
    orderNumber: placement.orderNumber,
    locale: placement.locale,
    paymentRef: `pay_${randomId(14)}`,
    userId: checkout.userId,
    placedAsGuest: checkout.userId ? 0 : 1,
    accessToken: placement.accessToken,
    idempotencyKey: placement.key,
    requestFingerprint: placement.fingerprint,
    email: checkout.email,
    name: checkout.name,
    address: checkout.address,
    city: checkout.city,
    stateCode: checkout.stateCode,
    pincode: checkout.pincode,
    phone: checkout.phone,
    status: "placed",
    subtotal: totals.subtotal,
    shipping: totals.shipping,
    pointsRedeemed: totals.pointsRedeemed,
    pointsEarned: placement.pointsEarned,
    // Whole rupees: the round off was decided with the prices, and the fee is whole rupees.
    total: totals.grandTotal + codFee,
    roundOff: totals.roundOff,
    itemCount: totals.itemCount,
    paymentMethod: method,
    paymentStatus: paymentStatusAtPlacement(placement),
    paymentExpiresAt: method === "online" ? now + PAYMENT_WINDOW_MS : null,
    codFee,
    storeCreditUsed: placement.storeCredit,
    createdAt: now,
    updatedAt: now,
    supplyType: invoice.supplyType,
    seller: invoice.seller,
    buyerGstin: checkout.gstin,
    buyerLegalName: checkout.gstin ? checkout.businessName : null,
  });
  await keepInvoiceRows(trx, orderId, invoice);
  await insertOrderLines(
    trx,
    placement.sold.map((line, position) => ({ orderId, position, ...lineSnapshot(line) })),
  );
  await recordOrderOffers(trx, {
    orderId,
    customerKey: customerKeyOf(checkout.email),
    outcome: placement.offers,
    lines: placement.sold,
  });
  await keepPromise(trx, orderId, placement.delivery);
}

/**
 * Points spent on the order (registered customers only). The points it earns are pending: they are
 * credited when it is delivered (the order machine's delivery effect).
 */
export async function settlePoints(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { userId } = placement.checkout;
  if (!userId) return;
  await redeemPoints(trx, userId, placement.orderId, placement.totals.pointsRedeemed, now);
}

/** Store credit spent on the order, in its transaction: of two tabs spending the same credit, one does. */
export async function spendCredit(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { userId } = placement.checkout;
  if (!userId) return;
  await spendStoreCredit(trx, { userId, orderId: placement.orderId, amount: placement.storeCredit }, now);
}

/** An online order awaits its payment, a cash one its cash; one that store credit paid in full is paid. */
function paymentStatusAtPlacement(placement: Placement): PaymentStatus {
  if (placement.storeCredit === placement.totals.grandTotal) return "paid";
  return placement.method === "online" ? "awaiting" : "cod-due";
}

/** The address this order went to is the one the customer's next checkout starts from. */
export async function rememberAddress(trx: Executor, checkout: Checkout): Promise<void> {
  if (!checkout.userId) return;
  const { address, city, stateCode, pincode, phone } = checkout;
  await rememberDeliveryAddress(trx, checkout.userId, { address, city, stateCode, pincode, phone });
}

/** What an order line keeps of the product as it was bought; a later edit never changes it. */
export function lineSnapshot(line: LineSnapshot): LineSnapshot {
  const { productId, title, description, category, image, size, unitPrice, quantity, hsn, material } = line;
  return { productId, title, description, category, image, size, unitPrice, quantity, hsn, material };
}
