import { type Actor, SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import type { Db } from "../db/schema.ts";
import { needsEwayBill } from "../invoices/eway-bills.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder, type Sale } from "../orders/place-order.ts";
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

/** The administrator takes a return through pickup and receipt to its acceptance. */
export async function takeThrough(db: Db, returnId: number, end: "refunded" | "exchange-shipped", now?: number) {
  const steps = [
    ["requested", "pickup-scheduled"],
    ["pickup-scheduled", "picked-up"],
    ["picked-up", "received"],
    ["received", end],
  ] as const;
  for (const [from, to] of steps) await advanceReturn(db, ADMIN, { returnId, from, to }, now);
}
