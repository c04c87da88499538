import { Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { formatInr } from "#core/money.ts";
import type { MailMessage } from "../mail.schemas.ts";
import { button, h, letter, muted, styles, text } from "./mail-layout.ts";
import { cancelReasonIn, countWords, type MailT, mailWords } from "./mail-words.ts";
import { shipmentParts } from "./shipment-parts.ts";

type StatusPayload = Extract<MailMessage, { kind: "order-status" }>["payload"];
type Url = (path: string) => string;

/** The mail for each step after the order is placed, with what the buyer needs at that step. */
export function orderStatusMail(payload: StatusPayload, url: Url): ReactNode {
  const t = mailWords(payload.locale);
  const title = t(`status.title.${payload.status}`, { number: payload.orderNumber });
  const parts =
    payload.status === "shipped"
      ? shippedParts(payload, t)
      : payload.status === "delivered"
        ? deliveredParts(payload, t)
        : payload.status === "returned-to-origin"
          ? returnedParts(payload, url, t)
          : cancelledParts(payload, url, t);
  const follow = payload.trackingPath && ["shipped", "delivered"].includes(payload.status);
  return letter(
    title,
    [
      text(t("status.dear", { name: payload.name })),
      ...parts,
      follow && payload.trackingPath ? button(t("status.follow"), url(payload.trackingPath)) : null,
      button(t("placed.view"), url(payload.orderPath)),
    ],
    payload.locale,
  );
}

function shippedParts(payload: StatusPayload, t: MailT): ReactNode[] {
  const parts = [
    text(t("status.onItsWay", { number: payload.orderNumber })),
    ...shipmentParts(payload, payload.locale),
  ];
  const due = payload.amountDue ?? payload.total;
  if (payload.paidOnline) parts.push(text(t("status.paidOnline")));
  else if (due === 0) parts.push(text(t("status.paidByCredit")));
  else if (due !== undefined) {
    parts.push(text(t("status.due", { amount: formatInr(due) })));
  }
  return parts;
}

function deliveredParts(payload: StatusPayload, t: MailT): ReactNode[] {
  const due = payload.amountDue ?? payload.total;
  const number = payload.orderNumber;
  const parts = [
    text(
      due === undefined
        ? t("status.deliveredPlain", { number })
        : payload.paidOnline || due === 0
          ? t("status.delivered", { number })
          : // Cash on delivery: the buyer paid the courier, who pays the shop later (record 32).
            t("status.deliveredCod", { number, amount: formatInr(due) }),
    ),
  ];
  if (payload.pointsEarned) parts.push(text(countWords(t, "status.earned", payload.pointsEarned)));
  return parts;
}

function cancelledParts(payload: StatusPayload, url: Url, t: MailT): ReactNode[] {
  const reason = cancelReasonIn(payload.locale, payload.cancelReason);
  const parts = [text(t("status.cancelled", { number: payload.orderNumber }))];
  if (reason) parts.push(text(t("status.reason", { reason })));
  if (payload.refundAmount) parts.push(text(t("status.refunding", { amount: formatInr(payload.refundAmount) })));
  parts.push(...givenBackParts(payload, url, t, t("status.creditNoteCancels")));
  if (!payload.creditNotePath && payload.pointsRedeemed === undefined) parts.push(muted(t("status.anyPointsBack")));
  return parts;
}

/** The buyer refused the parcel at the door: it came back, nothing is due and the invoice is reversed. */
function returnedParts(payload: StatusPayload, url: Url, t: MailT): ReactNode[] {
  const parts = [text(t("status.returned", { number: payload.orderNumber }))];
  parts.push(...givenBackParts(payload, url, t, t("status.creditNoteReverses")));
  parts.push(muted(t("status.orderAgain")));
  return parts;
}

/**
 * What an order that ended unsold gives back: the store credit and points it used, the points it
 * would have earned (not credited), and the credit note that reverses its invoice.
 */
function givenBackParts(payload: StatusPayload, url: Url, t: MailT, creditNoteSentence: string): ReactNode[] {
  const parts: ReactNode[] = [];
  if (payload.storeCreditBack) parts.push(text(t("status.creditBack", { amount: formatInr(payload.storeCreditBack) })));
  if (payload.pointsRedeemed) parts.push(text(countWords(t, "status.redeemedBack", payload.pointsRedeemed)));
  if (payload.pointsEarned) parts.push(text(countWords(t, "status.notEarned", payload.pointsEarned)));
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
