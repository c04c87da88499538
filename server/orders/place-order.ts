import { type Actor, actorLabel } from "#core/actor.ts";
import type { CodRules } from "#core/cash-on-delivery.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";
import { checkoutWhatsappWording } from "#core/whatsapp-consent.ts";
import { ownerOf } from "../cart/owner.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { promiseForCheckout } from "../delivery/delivery.service.ts";
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from "../delivery/delivery-settings.ts";
import { AppError } from "../errors.ts";
import { issueInvoiceNumber } from "../invoices/invoicing.ts";
import { guardFlood } from "../limits/limits.service.ts";
import { recordWhatsappConsent } from "../messaging/messaging.service.ts";
import { checkoutRefusals, ordersPlaced } from "../observability/metrics.ts";
import { soldParts, takeOfferUses } from "../offers/offer-redemption.ts";
import { customerKeyOf } from "../offers/offers.service.ts";
import { stockByOf } from "../stock/stock.service.ts";
import { decideStoreCredit } from "../store-credit/store-credit.service.ts";
import type { SellerDetails } from "../tax/seller.ts";
import { fingerprintOf, readCheckout } from "./checkout-details.ts";
import { queueConfirmation } from "./confirmation-mail.ts";
import { recordStatusChange } from "./order-events.repository.ts";
import { announceOrderEvent } from "./order-feed.ts";
import { announcePlacement } from "./order-machine.ts";
import {
  claimCart,
  claimPiece,
  offersForCheckout,
  type Placement,
  preparePlacement,
  priceOrder,
} from "./order-pricing.ts";
import { findOrderByIdempotencyKey } from "./orders.repository.ts";
import type { CheckoutInput, GuestCheckoutInput, PlacedOrder } from "./orders.schemas.ts";
import { recordOrder, rememberAddress, settlePoints, spendCredit, takeStock } from "./placement-writes.ts";

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
  /** The language of the page the order is placed on; its mails are written in it (record 47). */
  locale?: Locale;
};

/**
 * How the shop takes money for this sale: whether online payment is on, and cash on delivery's
 * rules (core/cash-on-delivery.ts), with the amount above which a cash order waits for its buyer's
 * confirmation. A sale without them (a script, an older test) is cash on delivery without a cap,
 * fee or confirmation.
 */
export type SalePayments = CodRules & { online: boolean; codConfirmAbovePaise?: number | null };

/**
 * Places an order from the actor's cart (or, for Order Now, of the one piece the checkout names,
 * leaving the cart as it is) in one transaction, in named steps: the cart is claimed,
 * the order is priced again, its invoice is drafted, the order and a snapshot of every line are
 * written, the confirmation is queued, stock is taken (never below zero), points are redeemed
 * (registered customers only; the points it earns stay pending until delivery), the address is
 * kept for next time, the invoice numbered and dated, and the placement recorded. The pricing steps
 * are order-pricing.ts's, the writing steps placement-writes.ts's. If anything fails, nothing is written. The same idempotency key with the same details returns
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
      await tellTheRooms(trx, placement, { actor, sale, online }, now);
      // Last, the steps that lock rows other orders need (stock, the customer, the invoice counter,
      // the history), so that those orders wait for a few statements and not for this whole
      // transaction; stock before the customer, as a cancellation takes them (no deadlock).
      stockShows = await takeStock(trx, lines, { orderId, by: stockByOf(actor), now });
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

/**
 * What the order's placing tells: its confirmation mail, the buyer's WhatsApp opt-in (with the words
 * they ticked), and what the rooms do when an order stands (its SMS, a large cash order's
 * confirmation). An online order stands when its payment is taken (server/payments).
 */
async function tellTheRooms(
  trx: Executor,
  placement: Placement,
  { actor, sale, online }: { actor: Actor; sale: Sale; online: boolean },
  now: number,
): Promise<void> {
  const { checkout, orderId } = placement;
  if (!online) await queueConfirmation(trx, placement, now);
  if (checkout.whatsappUpdates) {
    const phone = `+91${checkout.phone}` as const;
    const source = `checkout ${placement.orderNumber}`;
    // Kept with the words the buyer ticked, in the language of the checkout page.
    const wording = checkoutWhatsappWording(sale.locale ?? DEFAULT_LOCALE);
    await recordWhatsappConsent(trx, { phone, choice: "in", wording, source }, now);
  }
  if (!online) {
    const details = { codConfirmAbove: sale.payments?.codConfirmAbovePaise ?? null };
    await announcePlacement(trx, { orderId, actor, now, details });
  }
}

/** The order just placed, as the checkout answers it; `online` when it waits for its payment. */
function placedOrder(placement: Placement, online: boolean): PlacedOrder {
  const { orderId: id, orderNumber, accessToken } = placement;
  return { id, orderNumber, accessToken, replayed: false, payOnline: online };
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
