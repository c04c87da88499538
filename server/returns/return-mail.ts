import { orderPathFor } from "#core/order-paths.ts";
import { maskUpiId } from "#core/returns.ts";
import type { Executor } from "../db/schema.ts";
import { queueMail } from "../mail/mail.service.ts";
import { findOrderLines } from "../orders/orders.repository.ts";
import { findReturnRefund } from "../payments/payments.repository.ts";
import type { OrderRow } from "./returned-order.ts";
import { findReturn } from "./returns.repository.ts";

/**
 * The shopper is told of each step of a return or exchange, in the step's transaction: what comes
 * back and how, the documents once the parcel is accepted, and the replacement's courier and
 * tracking number once it ships.
 */
export async function mailStep(trx: Executor, order: OrderRow, returnId: number, now: number): Promise<void> {
  const request = await findReturn(trx, returnId);
  const line = (await findOrderLines(trx, order.id)).find((entry) => entry.position === request?.position);
  if (!request || !line) return;
  const orderPath = orderPathFor(order);
  // A refund whose money is still on its way (through the gateway, or a UPI transfer to make) is approved, not done.
  const refund = request.status === "refunded" ? await findReturnRefund(trx, returnId) : undefined;
  await queueMail(
    trx,
    {
      kind: "return-status",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        status: request.status,
        title: line.title,
        size: line.size,
        quantity: request.quantity,
        exchangeSize: request.exchangeSize,
        amount: request.kind === "refund" ? request.amount : null,
        storeCreditBack: request.storeCreditBack,
        refundMethod: request.refundMethod,
        rejectReason: request.rejectReason,
        selfShip: request.selfShip === 1,
        orderPath,
        creditNotePath: request.creditNoteNumber ? `${orderPath}/returns/${request.id}/credit-note` : null,
        exchangeInvoicePath: request.exchangeInvoiceNumber ? `${orderPath}/returns/${request.id}/invoice` : null,
        courier: request.courier,
        trackingNumber: request.trackingNumber,
        expectedDeliveryAt: request.expectedDeliveryAt === null ? null : Number(request.expectedDeliveryAt),
        refundDone: request.status === "refunded" ? !refund || refund.status === "processed" : undefined,
        upiId: request.refundMethod === "upi" && request.upiId ? maskUpiId(request.upiId) : null,
      },
    },
    now,
  );
}
