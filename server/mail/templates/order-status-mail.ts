import { Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { cancelReasonLabel } from "#core/cancel-reasons.ts";
import { formatInr } from "#core/money.ts";
import { REFUND_NOTE } from "#core/payment-status.ts";
import type { MailMessage } from "../mail.schemas.ts";
import { button, h, letter, muted, styles, text } from "./mail-layout.ts";
import { STATUS_WORDS } from "./mail-subjects.ts";
import { shipmentParts } from "./shipment-parts.ts";

type StatusPayload = Extract<MailMessage, { kind: "order-status" }>["payload"];
type Url = (path: string) => string;

/** The mail for each step after the order is placed, with what the buyer needs at that step. */
export function orderStatusMail(payload: StatusPayload, url: Url): ReactNode {
  const title = `Order ${payload.orderNumber} ${STATUS_WORDS[payload.status]}`;
  const parts =
    payload.status === "shipped"
      ? shippedParts(payload)
      : payload.status === "delivered"
        ? deliveredParts(payload)
        : payload.status === "returned-to-origin"
          ? returnedParts(payload, url)
          : cancelledParts(payload, url);
  const follow = payload.trackingPath && ["shipped", "delivered"].includes(payload.status);
  return letter(title, [
    text(`Dear ${payload.name},`),
    ...parts,
    follow && payload.trackingPath ? button("Follow your parcel", url(payload.trackingPath)) : null,
    button("View your order", url(payload.orderPath)),
  ]);
}

function plural(points: number): string {
  return `${points} reward ${points === 1 ? "point" : "points"}`;
}

function shippedParts(payload: StatusPayload): ReactNode[] {
  const parts = [text(`Your order ${payload.orderNumber} is on its way.`), ...shipmentParts(payload)];
  const due = payload.amountDue ?? payload.total;
  if (payload.paidOnline) parts.push(text("You have paid for it online: nothing is due at the door."));
  else if (due === 0) parts.push(text("You have paid for it with store credit: nothing is due at the door."));
  else if (due !== undefined) {
    parts.push(text(`Amount due on delivery: ${formatInr(due)}, in cash, to the courier.`));
  }
  return parts;
}

function deliveredParts(payload: StatusPayload): ReactNode[] {
  const due = payload.amountDue ?? payload.total;
  const parts = [
    text(
      due === undefined
        ? `Your order ${payload.orderNumber} has been delivered.`
        : payload.paidOnline || due === 0
          ? `Your order ${payload.orderNumber} has been delivered. Thank you!`
          : // Cash on delivery: the buyer paid the courier, who pays the shop later (record 32).
            `Your order ${payload.orderNumber} has been delivered, and you paid ${formatInr(due)} in cash to our courier at the door. Thank you!`,
    ),
  ];
  if (payload.pointsEarned) parts.push(text(`The ${plural(payload.pointsEarned)} it earned are yours to spend now.`));
  return parts;
}

function cancelledParts(payload: StatusPayload, url: Url): ReactNode[] {
  const reason = cancelReasonLabel(payload.cancelReason);
  const parts = [text(`Your order ${payload.orderNumber} has been cancelled. Nothing is due.`)];
  if (reason) parts.push(text(`Reason: ${reason}`));
  if (payload.refundAmount) parts.push(text(`We are refunding ${formatInr(payload.refundAmount)}. ${REFUND_NOTE}`));
  parts.push(...givenBackParts(payload, url, "The credit note that cancels its tax invoice (PDF):"));
  if (!payload.creditNotePath && payload.pointsRedeemed === undefined)
    parts.push(muted("Any reward points it used are back in your account."));
  return parts;
}

/** The buyer refused the parcel at the door: it came back, nothing is due and the invoice is reversed. */
function returnedParts(payload: StatusPayload, url: Url): ReactNode[] {
  const parts = [
    text(
      `The parcel of your order ${payload.orderNumber} was not accepted at delivery and has come back to us. Nothing is due, and the order is closed.`,
    ),
  ];
  parts.push(...givenBackParts(payload, url, "The credit note that reverses its tax invoice (PDF):"));
  parts.push(muted("If this was a mistake, you are welcome to order again."));
  return parts;
}

/**
 * What an order that ended unsold gives back: the store credit and points it used, the points it
 * would have earned (not credited), and the credit note that reverses its invoice.
 */
function givenBackParts(payload: StatusPayload, url: Url, creditNoteSentence: string): ReactNode[] {
  const parts: ReactNode[] = [];
  if (payload.storeCreditBack)
    parts.push(text(`The ${formatInr(payload.storeCreditBack)} of store credit it used is back in your account.`));
  if (payload.pointsRedeemed)
    parts.push(text(`The ${plural(payload.pointsRedeemed)} it used are back in your account.`));
  if (payload.pointsEarned)
    parts.push(text(`The ${plural(payload.pointsEarned)} it would have earned are not credited.`));
  if (payload.creditNotePath) parts.push(...linkOnItsOwnLine(creditNoteSentence, url(payload.creditNotePath)));
  return parts;
}

/**
 * A sentence, then the address alone on the next line: in the plain-text part a full stop after an
 * address is read as part of it by some mail programs, and the link breaks.
 */
export function linkOnItsOwnLine(sentence: string, href: string): ReactNode[] {
  return [
    h(Text, { style: { ...styles.muted, margin: 0 } }, sentence),
    h(Text, { style: styles.muted }, h(Link, { href }, href)),
  ];
}
