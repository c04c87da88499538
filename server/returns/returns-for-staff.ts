import type { Actor } from "#core/actor.ts";
import { returnStepLabel } from "#core/returns.ts";
import { assertCanAny } from "../access.ts";
import type { Executor } from "../db/schema.ts";
import { orderLines } from "../orders/order-rows.service.ts";
import { findReturnsOfOrder, sumRefundsByEmail, sumReturnsOfOrders } from "./returns.repository.ts";

/*
 * What the admin's order and customer pages read of returns (record 45). Who may see the order or
 * the customer is the caller's rule; these check only that the asker may see returns at all.
 */

export type StaffReturnRow = {
  id: number;
  title: string;
  size: string;
  quantity: number;
  kind: "refund" | "exchange";
  reason: string;
  statusLabel: string;
  amount: number;
  createdAt: number;
};

/** An order's returns and exchanges, oldest first, each with its piece and step in words. */
export async function returnsOfOrderForStaff(
  executor: Executor,
  actor: Actor,
  orderId: number,
): Promise<StaffReturnRow[]> {
  assertCanAny(actor, ["orders.view", "returns.manage", "customers.view"]);
  const [rows, lines] = await Promise.all([findReturnsOfOrder(executor, orderId), orderLines(executor, orderId)]);
  return rows.map((row) => {
    const line = lines.find((entry) => entry.position === row.position);
    return {
      id: row.id,
      title: line?.title ?? "",
      size: line?.size ?? "",
      quantity: row.quantity,
      kind: row.kind,
      reason: row.reason,
      statusLabel: returnStepLabel(row.status, row.refundStatus),
      amount: row.amount,
      createdAt: Number(row.createdAt),
    };
  });
}

/** Pieces sent back and refunds credited over a customer's orders. */
export async function returnTotalsOfOrders(executor: Executor, actor: Actor, orderIds: readonly number[]) {
  assertCanAny(actor, ["customers.view"]);
  return sumReturnsOfOrders(executor, orderIds);
}

/** Refunds credited on returns, by buyers' e-mail addresses (lower case): the customers file's column. */
export async function refundsByBuyerEmail(executor: Executor, actor: Actor, emailKeys: readonly string[]) {
  assertCanAny(actor, ["customers.view"]);
  return sumRefundsByEmail(executor, emailKeys);
}
