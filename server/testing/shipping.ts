import type { Actor } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { takePayment } from "../payments/online-payments.service.ts";
import { type BookingResult, bookCouriers } from "../shipping/booking.service.ts";
import type { CarrierProvider, CarrierStatusEvent } from "../shipping/carrier.ts";
import { findLiveShipment } from "../shipping/shipments.repository.ts";
import { readShiprocketStatus } from "../shipping/shiprocket-statuses.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "./factories.ts";
import { ADMIN } from "./return-fixtures.ts";

/*
 * What the shipping tests share: orders placed as a buyer places them, booked as the administrator
 * books them, and courier news as the courier's webhook or tracking API gives it.
 */

/** A placed cash order of one piece (₹1,499 by default), by a guest unless an actor is given. */
export async function placedOrder(
  db: Db,
  options: { price?: number; quantity?: number; actor?: Actor; details?: Record<string, unknown> } = {},
) {
  const productId = await makeProduct(db, { price: options.price ?? 149_900, sizes: { M: 10 } });
  const actor = options.actor ?? makeVisitor();
  await addToCart(db, actor, { productId, size: "M", quantity: options.quantity ?? 1 });
  const email = `buyer-${Math.random().toString(36).slice(2, 10)}@mail.in`;
  const placed = await placeOrder(db, actor, checkoutDetails({ email, ...options.details }), atShop());
  return { ...placed, productId, email, actor };
}

/** A guest's order paid online (₹1,499 by default), through the payment flow as a captured payment leaves it. */
export async function paidOnlineOrder(db: Db, options: { price?: number } = {}) {
  const productId = await makeProduct(db, { price: options.price ?? 149_900, sizes: { M: 10 } });
  const actor = makeVisitor();
  await addToCart(db, actor, { productId, size: "M", quantity: 1 });
  const email = `buyer-${Math.random().toString(36).slice(2, 10)}@mail.in`;
  const sale = { ...atShop(), payments: { online: true, codMaxPaise: 1_000_000, codFeePaise: 0 } };
  const placed = await placeOrder(db, actor, checkoutDetails({ email, paymentMethod: "online" }), sale);
  const order = await orderRow(db, { id: placed.id });
  const payment = {
    id: `pay_${placed.id}x${Date.now()}`,
    orderId: "order_test",
    amount: order?.total ?? 0,
    currency: "INR",
    status: "captured",
  };
  await db
    .transaction()
    .execute((trx) => takePayment(trx, placed.id, payment, { eventId: null, kind: "test" }, Date.now()));
  return { ...placed, productId, email, actor };
}

/** Books one order with the courier as the administrator's button does; answers its result. */
export async function book(db: Db, carrier: CarrierProvider, orderId: number): Promise<BookingResult> {
  const [result] = await bookCouriers({ db, carrier }, ADMIN, [orderId]);
  if (!result) throw new Error("Booking answered nothing.");
  return result;
}

/** The order's live shipment, which must be there. */
export async function shipmentOf(db: Db, orderId: number) {
  const shipment = await findLiveShipment(db, orderId);
  if (!shipment) throw new Error(`Order ${orderId} has no shipment.`);
  return shipment;
}

/** A status as the courier's webhook says it, at the given time (ms). */
export function courierNews(
  awb: string,
  label: string,
  at: number,
  activity: string | null = null,
): CarrierStatusEvent {
  return {
    awb,
    rawStatus: label,
    rawStatusId: null,
    ...readShiprocketStatus(label, null),
    at,
    location: null,
    activity,
  };
}
