import type { Actor } from "#core/actor.ts";
import type { RefundMethod } from "#core/returns.ts";
import type { Db, Executor } from "../db/schema.ts";
import { returnPickupAt } from "../delivery/delivery.service.ts";
import { orderTaxRows } from "../invoices/invoicing.ts";
import { orderLines } from "../orders/order-rows.service.ts";
import { sizesOf } from "../stock/stock.service.ts";
import { inWholeRupees } from "../tax/round-off.ts";
import { amountOf, pieceShare } from "./return-shares.ts";
import { type OrderRow, orderFor, type WhichOrder } from "./returned-order.ts";
import { claimedQuantity, creditedQuantity, findNonReturnable, sumStoreCreditBack } from "./returns.repository.ts";

/*
 * What of a delivered order may still go back (record 30): each line's pieces left to return, for
 * how much a piece, the sizes an exchange may take, the window, the pickup and the ways the money
 * can come back. The order's page, the return form and a request all read it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReturnSettings = { returnDays: number };

/** How the money of a refund goes back for this order: online to its source; cash as credit or to UPI. */
function refundMethodsFor(order: OrderRow): RefundMethod[] {
  if (order.paymentMethod === "online") return ["gateway"];
  return order.userId ? ["store-credit", "upi"] : ["upi"];
}

export type ReturnableLine = {
  position: number;
  productId: number;
  title: string;
  size: string;
  quantity: number;
  returnable: number;
  /** Why the line cannot be returned, when it cannot. */
  blocked: string | null;
  /** Paise back for each piece returned next. */
  amountPerPiece: number;
  exchangeSizes: string[];
};

export type ReturnOptions = {
  orderNumber: string;
  open: boolean;
  closesAt: number | null;
  why: string | null;
  pickup: boolean;
  refundMethods: RefundMethod[];
  /** Paise of the order paid with store credit not yet given back: a refund gives it back first. */
  storeCreditFirst: number;
  lines: ReturnableLine[];
};

/** What of a delivered order may still go back, for how much, and how. */
export async function returnOptions(
  db: Db,
  settings: ReturnSettings,
  actor: Actor,
  which: WhichOrder,
  now: number = Date.now(),
): Promise<ReturnOptions> {
  const order = await orderFor(db, actor, which);
  return optionsOf(db, settings, order, now);
}

export async function optionsOf(
  db: Executor,
  settings: ReturnSettings,
  order: OrderRow,
  now: number,
): Promise<ReturnOptions> {
  const closesAt = order.deliveredAt === null ? null : order.deliveredAt + settings.returnDays * DAY_MS;
  const why =
    order.status !== "delivered"
      ? "Pieces can be returned once the order is delivered."
      : closesAt !== null && now > closesAt
        ? `The return window closed ${settings.returnDays} days after delivery.`
        : null;
  const [lines, taxRows, pickup, creditBack] = await Promise.all([
    orderLines(db, order.id),
    orderTaxRows(db, order.id),
    returnPickupAt(db, order.pincode),
    sumStoreCreditBack(db, order.id),
  ]);
  const goods = taxRows.filter((row) => row.kind === "goods");
  const result: ReturnableLine[] = [];
  for (const line of lines) {
    const nonReturnable = await findNonReturnable(db, line.productId);
    const sizes = await sizesOf(db, line.productId);
    const claimed = await claimedQuantity(db, order.id, line.position);
    const credited = await creditedQuantity(db, order.id, line.position);
    const row = goods.find((entry) => entry.position === line.position);
    const blocked = nonReturnable ? "This piece cannot be returned." : null;
    result.push({
      position: line.position,
      productId: line.productId,
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      returnable: blocked || why ? 0 : Math.max(0, line.quantity - claimed),
      blocked,
      amountPerPiece: row ? inWholeRupees(amountOf(pieceShare(row, credited, 1))) : 0,
      exchangeSizes: sizes.filter((size) => size.size !== line.size && size.stock > 0).map((size) => size.size),
    });
  }
  return {
    orderNumber: order.orderNumber,
    open: why === null,
    closesAt,
    why,
    pickup,
    refundMethods: refundMethodsFor(order),
    storeCreditFirst: order.userId ? Math.max(0, order.storeCreditUsed - creditBack) : 0,
    lines: result,
  };
}
