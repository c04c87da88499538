import { type Actor, SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import type { Db } from "../db/schema.ts";
import { needsEwayBill } from "../invoices/eway-bills.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder, type Sale } from "../orders/place-order.ts";
import { shipExchange } from "../returns/exchange-shipping.ts";
import { advanceReturn } from "../returns/returns.service.ts";
import { actorFor, atShop, checkoutDetails } from "./factories.ts";

/** The administrator, as the returns' and orders' services see the one who moves them. */
export const ADMIN = actorFor({ id: "admin", email: "admin@shop.test" }, "admin");

/** A size's stock as the catalogue has it now. */
export async function stockOf(db: Db, productId: number, size: string) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

/** A delivered order of the given lines, placed by the actor (checkout details may be changed). */
export async function deliveredOrder(
  db: Db,
  actor: Actor,
  lines: { productId: number; size: string; quantity: number }[],
  details: Record<string, unknown> = {},
  sale: Sale = atShop(),
) {
  for (const line of lines) await addToCart(db, actor, line);
  const placed = await placeOrder(db, actor, checkoutDetails(details), sale);
  // Goods that need an e-way bill leave with one (its number as the portal gives it).
  const order = await db.selectFrom("orders").selectAll().where("id", "=", placed.id).executeTakeFirstOrThrow();
  if (needsEwayBill(order)) {
    await db
      .updateTable("orders")
      .set({ ewayBillNumber: "181234567890", ewayBillEnteredAt: sale.now ?? Date.now() })
      .where("id", "=", placed.id)
      .execute();
  }
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" }, sale.now);
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" }, sale.now);
  return placed;
}

/** What a replacement's parcel is given when a test ships it. */
export const TEST_SHIPMENT = { courier: "Delhivery", trackingNumber: "DL 1234 5678", expectedDelivery: "" };

/**
 * The administrator takes a return through pickup and receipt to its acceptance; an exchange taken
 * to "exchange-shipped" is accepted, then its new size shipped.
 */
export async function takeThrough(
  db: Db,
  returnId: number,
  end: "refunded" | "exchange-accepted" | "exchange-shipped",
  now?: number,
) {
  const steps = [
    ["requested", "pickup-scheduled"],
    ["pickup-scheduled", "picked-up"],
    ["picked-up", "received"],
    ["received", end === "refunded" ? "refunded" : "exchange-accepted"],
  ] as const;
  for (const [from, to] of steps) await advanceReturn(db, ADMIN, { returnId, from, to }, now);
  if (end === "exchange-shipped") await shipExchange(db, ADMIN, { returnId, ...TEST_SHIPMENT }, now);
}
