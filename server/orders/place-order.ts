import { createHash } from "node:crypto";
import { type Actor, actorLabel } from "#core/actor.ts";
import { type CodRules, codOffer, NO_COD_LIMITS } from "#core/cash-on-delivery.ts";
import type { DeliveryAddress } from "#core/delivery-address.ts";
import { stateByCode } from "#core/indian-states.ts";
import { orderPathFor } from "#core/order-paths.ts";
import { PAYMENT_WINDOW_MS, type PaymentMethod, type PaymentStatus } from "#core/payment-status.ts";
import { pointsEarnedFor, pointsToPaise, redeemablePoints } from "#core/points.ts";
import { findUserById, updateUser } from "../accounts/accounts.repository.ts";
import { deleteCart } from "../cart/cart.repository.ts";
import type { CartLine, CartTotals } from "../cart/cart.schemas.ts";
import { cartLines, pieceLines } from "../cart/cart.service.ts";
import { ownerOf } from "../cart/owner.ts";
import { priceLines } from "../cart/pricing.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { findOrderPromise } from "../delivery/delivery.repository.ts";
import { type DeliveryPromise, keepPromise, promiseForCheckout } from "../delivery/delivery.service.ts";
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from "../delivery/delivery-settings.ts";
import { AppError } from "../errors.ts";
import { randomId, randomToken } from "../ids.ts";
import { insertTaxLines } from "../invoices/invoices.repository.ts";
import { draftInvoice, type InvoiceDraft, issueInvoiceNumber } from "../invoices/invoicing.ts";
import { guardFlood } from "../limits/limits.service.ts";
import { queueMail } from "../mail/mail.service.ts";
import { checkoutRefusals, ordersPlaced } from "../observability/metrics.ts";
import {
  assertOffersAsSeen,
  orderOffers,
  recordOrderOffers,
  seenOfferIds,
  soldParts,
  takeOfferUses,
} from "../promotions/offer-redemption.ts";
import { customerKeyOf, offersFor } from "../promotions/offers.service.ts";
import type { OfferOutcome } from "../promotions/promotion-engine.ts";
import { findPointsBalance } from "../rewards/rewards.repository.ts";
import { redeemPoints } from "../rewards/rewards.service.ts";
import { takeStock as takeShelfStock } from "../stock/stock.service.ts";
import { decideStoreCredit, spendStoreCredit } from "../store-credit/store-credit.ts";
import type { SellerDetails } from "../tax/seller.ts";
import { parseInput } from "../validation/fields.ts";
import { recordStatusChange } from "./order-events.repository.ts";
import { announceOrderEvent } from "./order-feed.ts";
import { findOrderByIdempotencyKey, insertOrder, insertOrderLines, nextOrderId } from "./orders.repository.ts";
import {
  type CheckoutInput,
  checkoutSchema,
  type GuestCheckoutInput,
  guestCheckoutSchema,
  type LineSnapshot,
  type PlacedOrder,
} from "./orders.schemas.ts";
import { assertPricesAsSeen } from "./price-check.ts";

/** Who sells, and when: the seller on the invoice is always named by the caller. */
/**
 * What a sale needs besides the form: the seller on the invoice, and the buyer's network address,
 * which the checkout's flood guard counts (an order the shop places itself, in a script, has none).
 */
export type Sale = {
  seller: SellerDetails;
  now?: number;
  buyerIp?: string;
  payments?: SalePayments;
  delivery?: DeliverySettings;
};

/**
 * How the shop takes money for this sale: whether online payment is on, and cash on delivery's
 * rules (server/payments/cod.ts). A sale without them (a script, an older test) is cash on
 * delivery without a cap or fee.
 */
export type SalePayments = CodRules & { online: boolean };

type Checkout = ReturnType<typeof checkoutSchema.parse> & { email: string; userId: string | null };

/** An order being placed, as its steps build it up inside the transaction. */
type Placement = {
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
 * Places an order from the actor's cart (or, for Order Now, of the one piece the checkout names,
 * leaving the cart as it is) in one transaction, in named steps: the cart is claimed,
 * the order is priced again, its invoice is drafted, the order and a snapshot of every line are
 * written, the confirmation is queued, stock is taken (never below zero), points are redeemed
 * (registered customers only; the points it earns stay pending until delivery), the address is
 * kept for next time, the invoice numbered and dated, and the placement recorded.
 * If anything fails, nothing is written. The same idempotency key with the same details returns
 * the order it first made; with different details it is refused. Counted in the shop's metrics.
 */
export async function placeOrder(
  db: Db,
  actor: Actor,
  input: CheckoutInput | GuestCheckoutInput,
  sale: Sale,
): Promise<PlacedOrder> {
  const now = sale.now ?? Date.now();
  try {
    if (sale.buyerIp !== undefined) await guardFlood(db, "checkout", sale.buyerIp, now);
    const placed = await placeOrderOnce(db, actor, input, sale, now);
    if (!placed.replayed) ordersPlaced.inc({ buyer: actor.kind === "user" ? "customer" : "guest" });
    return placed;
  } catch (error) {
    checkoutRefusals.inc({ reason: error instanceof AppError ? error.code : "unexpected" });
    throw error;
  }
}

async function placeOrderOnce(
  db: Db,
  actor: Actor,
  input: CheckoutInput | GuestCheckoutInput,
  sale: Sale,
  now: number,
): Promise<PlacedOrder> {
  const owner = ownerOf(actor);
  if (!owner) throw new AppError("cart-empty", "Your cart is empty.");
  const checkout = await readCheckout(db, actor, input);
  const key = `${owner}:${checkout.idempotencyKey}`;
  const fingerprint = fingerprintOf(checkout);
  const earlier = await replay(db, key, fingerprint);
  if (earlier) return earlier;
  let stockShows = false;
  let shelvesChanged = false;
  try {
    const placed = await db.transaction().execute(async (trx) => {
      const lines = checkout.buyProductId ? await claimPiece(trx, checkout) : await claimCart(trx, owner);
      const offered = await offersForCheckout(trx, owner, checkout, lines, now);
      const { totals, offers } = await priceOrder(trx, checkout, lines, offered);
      const storeCredit = await decideStoreCredit(trx, checkout.userId, checkout.storeCredit, totals.grandTotal);
      const delivery = await promiseForCheckout(trx, sale.delivery ?? DEFAULT_DELIVERY_SETTINGS, checkout.pincode, now);
      const placement = await preparePlacement(
        trx,
        { checkout, key, fingerprint, lines, totals, offers, sold: soldParts(lines, offers), delivery, storeCredit },
        sale,
        now,
      );
      const { orderId } = placement;
      await recordOrder(trx, placement, now);
      // An online order is confirmed, mailed and invoiced when its payment is (server/payments).
      const online = placement.method === "online";
      if (!online) await queueConfirmation(trx, placement, now);
      // Last, the steps that lock rows other orders need (stock, the customer, the invoice counter,
      // the history), so that those orders wait for a few statements and not for this whole
      // transaction; stock before the customer, as a cancellation takes them (no deadlock).
      stockShows = await takeStock(trx, lines);
      shelvesChanged = await takeOfferUses(trx, {
        owner,
        customerKey: customerKeyOf(checkout.email),
        outcome: offers,
      });
      await settlePoints(trx, placement, now);
      await spendCredit(trx, placement, now);
      await rememberAddress(trx, checkout);
      if (!online) await issueInvoiceNumber(trx, orderId, now);
      await recordStatusChange(trx, {
        orderId,
        fromStatus: null,
        toStatus: "placed",
        actor: actorLabel(actor),
        at: now,
      });
      return placedOrder(placement, online);
    });
    announceOrderEvent();
    // Pages that show how many are left (or an offer's price) are out of date only when this sale
    // changed what they show.
    if (stockShows || shelvesChanged) await catalogVersion(db).changed();
    return placed;
  } catch (error) {
    // Several submits of one form at the same moment: the first places the order; the others wait
    // for its transaction, then find the cart gone (or collide on the key). Each of them answers
    // with the first one's order, as a replay would.
    const winner = await replay(db, key, fingerprint);
    if (winner) return winner;
    throw error;
  }
}

/** The order just placed, as the checkout answers it; `online` when it waits for its payment. */
function placedOrder(placement: Placement, online: boolean): PlacedOrder {
  const { orderId: id, orderNumber, accessToken } = placement;
  return { id, orderNumber, accessToken, replayed: false, payOnline: online };
}

/**
 * The order as its steps will write it: its number, points, payment terms (cash on delivery where
 * the delivery promise allows it) and drafted invoice.
 */
async function preparePlacement(
  trx: Executor,
  base: Pick<
    Placement,
    "checkout" | "key" | "fingerprint" | "lines" | "totals" | "offers" | "sold" | "delivery" | "storeCredit"
  >,
  sale: Sale,
  now: number,
): Promise<Placement> {
  const { checkout, sold, totals } = base;
  const codFee = paymentTerms(checkout, totals.grandTotal - base.storeCredit, sale.payments, base.delivery.cod);
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
function paymentTerms(
  checkout: Checkout,
  toPay: number,
  payments: SalePayments | undefined,
  codAtPincode: boolean,
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

/** The checkout's details, checked; a registered customer orders under the account's e-mail. */
async function readCheckout(db: Db, actor: Actor, input: CheckoutInput | GuestCheckoutInput): Promise<Checkout> {
  if (actor.kind === "user") {
    const details = parseInput(checkoutSchema, input);
    const email = (await findUserById(db, actor.userId))?.email ?? actor.email;
    return { ...details, email, userId: actor.userId };
  }
  return { ...parseInput(guestCheckoutSchema, input), userId: null };
}

/** What makes two submits of one checkout the same order. */
function fingerprintOf(checkout: Checkout): string {
  const { name, address, city, stateCode, pincode, phone, email, redeemPoints, gstin, businessName, paymentMethod } =
    checkout;
  // An order paid partly with store credit is another order than one paid without it.
  const credit = checkout.storeCredit > 0 ? [`credit:${checkout.storeCredit}`] : [];
  const piece = checkout.buyProductId ? [checkout.buyProductId, checkout.buySize] : [];
  return createHash("sha256")
    .update(
      JSON.stringify([
        name,
        address,
        city,
        stateCode,
        pincode,
        phone,
        email,
        redeemPoints,
        gstin,
        businessName,
        ...piece,
        // A cash order and an online one are different orders (older forms had no choice: cash).
        ...(paymentMethod === "online" ? ["online"] : []),
        ...credit,
      ]),
    )
    .digest("hex");
}

/**
 * The cart's lines, taken out of the cart first: that makes the cart this checkout's alone, so a
 * second checkout of the same cart at the same moment (another tab) waits, then finds it empty.
 */
async function claimCart(trx: Executor, owner: string): Promise<CartLine[]> {
  const lines = await cartLines(trx, owner);
  if (lines.length === 0) throw new AppError("cart-empty", "Your cart is empty.");
  if ((await deleteCart(trx, owner)) !== lines.length) {
    throw new AppError("cart-empty", "Your cart changed while you were checking out. Please review it.");
  }
  assertBuyable(lines);
  return lines;
}

/**
 * The one piece of an Order Now, read in this transaction; the cart is not touched. A second submit
 * of the same form at the same moment collides on the idempotency key and answers with the first.
 */
async function claimPiece(trx: Executor, checkout: Checkout): Promise<CartLine[]> {
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
 * Each size's stock goes down, never below zero; another order may have taken it since it was read.
 * Answers whether a page would now show something else (few left, or sold out).
 */
async function takeStock(trx: Executor, lines: readonly CartLine[]): Promise<boolean> {
  const taken = await takeShelfStock(trx, lines);
  if (!taken.taken) throw new AppError("out-of-stock", shortageMessage(taken.short, taken.left));
  return taken.shows;
}

/**
 * The offers this checkout gets, read in its transaction: the cart's code and the automatic
 * promotions live now, for the buyer the checkout names (a guest's e-mail is known by now).
 */
function offersForCheckout(trx: Executor, owner: string, checkout: Checkout, lines: readonly CartLine[], now: number) {
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
async function priceOrder(
  trx: Executor,
  checkout: Checkout,
  lines: readonly CartLine[],
  offers: OfferOutcome,
): Promise<{ totals: CartTotals; offers: OfferOutcome }> {
  const { subtotal } = priceLines(lines);
  const balance = checkout.userId && checkout.redeemPoints ? await findPointsBalance(trx, checkout.userId) : 0;
  const totals = priceLines(lines, redeemablePoints(subtotal - offers.goods, balance), offers);
  assertOffersAsSeen(checkout.seenQuote, offers);
  assertPricesAsSeen(checkout.seenQuote, lines, totals);
  return { totals, offers };
}

/** The order, its invoice's tax rows, and a snapshot of every line. */
async function recordOrder(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { checkout, totals, invoice, orderId, method, codFee } = placement;
  await insertOrder(trx, {
    id: orderId,
    orderNumber: placement.orderNumber,
    paymentRef: `pay_${randomId(14)}`,
    userId: checkout.userId,
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
  await insertTaxLines(
    trx,
    invoice.rows.map((row) => ({ ...row, orderId })),
  );
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
async function settlePoints(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { userId } = placement.checkout;
  if (!userId) return;
  await redeemPoints(trx, userId, placement.orderId, placement.totals.pointsRedeemed, now);
}

/** Store credit spent on the order, in its transaction: of two tabs spending the same credit, one does. */
async function spendCredit(trx: Executor, placement: Placement, now: number): Promise<void> {
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
async function rememberAddress(trx: Executor, checkout: Checkout): Promise<void> {
  if (!checkout.userId) return;
  const { address, city, stateCode, pincode, phone } = checkout;
  await updateUser(trx, checkout.userId, { address, city, stateCode, pincode, phone });
}

/** The confirmation is written with the order: it goes if, and only if, the order stands. */
async function queueConfirmation(trx: Executor, placement: Placement, now: number): Promise<void> {
  const { checkout, totals } = placement;
  await queueOrderConfirmation(
    trx,
    {
      ...checkout,
      id: placement.orderId,
      orderNumber: placement.orderNumber,
      accessToken: placement.accessToken,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      pointsRedeemed: totals.pointsRedeemed,
      pointsEarned: placement.pointsEarned,
      total: totals.grandTotal + placement.codFee,
      roundOff: totals.roundOff,
      codFee: placement.codFee,
      paymentMethod: placement.method,
      storeCreditUsed: placement.storeCredit,
    },
    placement.sold.map(({ title, size, quantity, unitPrice }) => ({ title, size, quantity, unitPrice })),
    now,
  );
}

/**
 * The order's confirmation mail: queued with a cash order, and with an online order's payment
 * (server/payments), from what the order recorded.
 */
export async function queueOrderConfirmation(
  trx: Executor,
  order: DeliveryAddress & {
    id: number;
    orderNumber: string;
    accessToken: string;
    email: string;
    userId: string | null;
    subtotal: number;
    shipping: number;
    pointsRedeemed: number;
    pointsEarned: number;
    total: number;
    /** Paise of the total that round it to a whole rupee (record 34); 0 for older orders. */
    roundOff: number;
    codFee: number;
    paymentMethod: string;
    storeCreditUsed: number;
  },
  lines: readonly { title: string; size: string; quantity: number; unitPrice: number }[],
  now: number,
): Promise<void> {
  const orderPath = orderPathFor(order);
  const promise = await findOrderPromise(trx, order.id);
  await queueMail(
    trx,
    {
      kind: "order-placed",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        lines: lines.map(({ title, size, quantity, unitPrice }) => ({
          title,
          size,
          quantity,
          lineTotal: unitPrice * quantity,
        })),
        subtotal: order.subtotal,
        shipping: order.shipping,
        offers: (await orderOffers(trx, order.id)).map(({ name, goods, shipping }) => ({ name, goods, shipping })),
        pointsRedeemed: order.pointsRedeemed,
        pointsEarned: order.pointsEarned,
        total: order.total,
        ...(order.roundOff ? { roundOff: order.roundOff } : {}),
        address: `${order.address}, ${order.city}, ${stateByCode(order.stateCode)?.name ?? ""}`,
        pincode: order.pincode,
        phone: order.phone,
        orderPath,
        invoicePath: `${orderPath}/invoice`,
        isGuest: order.userId === null,
        paymentMethod: order.paymentMethod === "online" ? "online" : "cod",
        ...(order.codFee ? { codFee: order.codFee } : {}),
        ...(order.storeCreditUsed ? { storeCredit: order.storeCreditUsed } : {}),
        ...(promise ? { deliveryFrom: promise.promisedFrom, deliveryUntil: promise.promisedUntil } : {}),
      },
    },
    now,
  );
}

/** What an order line keeps of the product as it was bought; a later edit never changes it. */
export function lineSnapshot(line: LineSnapshot): LineSnapshot {
  const { productId, title, description, category, image, size, unitPrice, quantity, hsn, material } = line;
  return { productId, title, description, category, image, size, unitPrice, quantity, hsn, material };
}

function shortageMessage(line: { title: string; size: string }, left: number): string {
  return left > 0
    ? `Sorry, only ${left} of ${line.title} in size ${line.size} ${left === 1 ? "is" : "are"} left.`
    : `Sorry, ${line.title} in size ${line.size} is out of stock.`;
}

async function replay(db: Db, key: string, fingerprint: string): Promise<PlacedOrder | null> {
  const earlier = await findOrderByIdempotencyKey(db, key);
  if (!earlier) return null;
  if (earlier.requestFingerprint !== fingerprint) {
    throw new AppError(
      "idempotency-conflict",
      "This checkout was already used for another order. Please reload the cart.",
    );
  }
  return {
    id: earlier.id,
    orderNumber: earlier.orderNumber,
    accessToken: earlier.accessToken,
    replayed: true,
    payOnline: earlier.paymentMethod === "online",
  };
}
