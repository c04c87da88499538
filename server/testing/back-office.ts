import { randomUUID } from "node:crypto";
import type { StaffActor } from "#core/actor.ts";
import type { StaffRole } from "#core/permissions.ts";
import type { ShipmentStatus } from "#core/shipment-status.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { placeOrder } from "../orders/place-order.ts";
import { insertShipment } from "../shipping/shipments.repository.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, uniqueWord } from "./factories.ts";

/*
 * The back office's test helpers (record 45): members of staff of each role, and orders standing
 * where the order index's tabs look for them.
 */

/** A member of staff of a role, as the session middleware builds them (an account of their own). */
export function staffActor(role: StaffRole, name = uniqueWord(role)): StaffActor {
  return { kind: "user", userId: `staff-${name}`, email: `${name}@kesar.test`, name, role, guestId: null };
}

/** A cash order just placed, as a guest places it (checkout details may be changed). */
export async function cashOrder(db: Db, details: Record<string, unknown> = {}, at?: number) {
  const productId = await makeProduct(db, { price: 129_900, sizes: { M: 50 } });
  const buyer = makeVisitor();
  await addToCart(db, buyer, { productId, size: "M" });
  return placeOrder(db, buyer, checkoutDetails(details), atShop(at));
}

/** The order paid online: what the payment flow leaves on an order the gateway paid. */
export async function paidOnline(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable("orders")
    .set({ paymentMethod: "online", paymentStatus: "paid", paymentId: `pay_${randomUUID().slice(0, 12)}` })
    .where("id", "=", orderId)
    .execute();
}

/** A courier's parcel booked for the order, with its AWB, in the state given. */
export async function parcelOf(
  db: Db,
  order: { id: number; orderNumber: string },
  awb: string,
  status: ShipmentStatus = "booked",
): Promise<void> {
  const now = Date.now();
  await insertShipment(db, {
    orderId: order.id,
    carrier: "shiprocket",
    reference: order.orderNumber,
    awb,
    courierName: "Delhivery",
    status,
    statusAt: now,
    paymentMethod: "cod",
    codAmount: 0,
    weightGrams: 500,
    lengthCm: 30,
    breadthCm: 25,
    heightCm: 5,
    trackingToken: randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
}

/** An order's audit entries, oldest first, with their values read back. */
export async function auditEntriesOf(db: Db, orderId: number) {
  const rows = await db
    .selectFrom("auditLog")
    .selectAll()
    .where("subjectType", "=", "order")
    .where("subjectId", "=", String(orderId))
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    actor: row.actor,
    actorRole: row.actorRole,
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
  }));
}
