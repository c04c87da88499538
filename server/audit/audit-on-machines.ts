import { cancelReasonLabel } from "#core/cancel-reasons.ts";
import { RETURN_REASONS, RETURN_STATUSES, type ReturnStatus } from "#core/returns.ts";
import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import type { ReturnEffect, ReturnProcess } from "../processes/return-process.ts";
import { orderSubject, recordAudit } from "./audit.service.ts";

/*
 * The audit log's part in the machines' processes (record 37): every move of an order and every
 * step of a return made by a member of staff is an entry, written in the move's transaction. A
 * move made by the shop itself (the courier's news, the payment window) or by the buyer writes none
 * (recordAudit leaves them out).
 */

const auditOrderMove: OrderEffect = ({ trx, order, from, to, actor, now, details }) =>
  recordAudit(
    trx,
    actor,
    {
      kind: "order.moved",
      subject: orderSubject(order),
      before: { status: from },
      after: {
        status: to,
        ...(details.courier ? { courier: details.courier } : {}),
        ...(details.trackingNumber ? { trackingNumber: details.trackingNumber } : {}),
      },
      reason: details.cancelReason ? cancelReasonLabel(details.cancelReason) : null,
    },
    now,
  );

export const auditOnOrders: OrderProcess = {
  room: "audit",
  effects: {
    shipped: [auditOrderMove],
    delivered: [auditOrderMove],
    cancelled: [auditOrderMove],
    "returned-to-origin": [auditOrderMove],
  },
};

const auditReturnStep: ReturnEffect = ({ trx, request, order, from, to, actor, now, details }) =>
  recordAudit(
    trx,
    actor,
    {
      kind: "return.step",
      subject: { type: "return", id: request.id, label: `${order.orderNumber} · return ${request.id}` },
      before: { status: from },
      after: {
        status: to,
        ...(details.courier ? { courier: details.courier } : {}),
        ...(details.trackingNumber ? { trackingNumber: details.trackingNumber } : {}),
        ...(to === "refunded" ? { amount: request.amount, refundMethod: request.refundMethod } : {}),
      },
      // A refund's reason is the buyer's, given when the return was asked for.
      reason: details.rejectReason ?? (to === "refunded" ? returnReasonLabel(request.reason) : null),
    },
    now,
  );

function returnReasonLabel(reason: string): string {
  return Object.hasOwn(RETURN_REASONS, reason) ? RETURN_REASONS[reason as keyof typeof RETURN_REASONS] : reason;
}

const STEPS: readonly ReturnStatus[] = RETURN_STATUSES.filter((status) => status !== "requested");

export const auditOnReturns: ReturnProcess = {
  room: "audit",
  effects: Object.fromEntries(STEPS.map((step) => [step, [auditReturnStep]])) as ReturnProcess["effects"],
};
