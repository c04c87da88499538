import type { ReactNode } from "react";
import { formatInr } from "#core/money.ts";
import type { RefundMethod } from "#core/returns.ts";
import type { ReturnMail } from "../mail.schemas.ts";
import { button, letter, muted, text } from "./mail-layout.ts";
import { type MailT, mailWords, sizeWordsIn } from "./mail-words.ts";
import { refundTimingWords, returnStepWords } from "./return-mail-words.ts";
import { shipmentParts } from "./shipment-parts.ts";

type Url = (path: string) => string;

type Payload = ReturnMail["payload"];

/** The mail for each step of a return or exchange, with what the shopper needs at that step. */
export function returnStatusMail(payload: Payload, url: Url): ReactNode {
  const t = mailWords(payload.locale);
  const parts: ReactNode[] = [text(t("status.dear", { name: payload.name })), ...stepParts(payload, t)];
  const documents = documentsNote(payload, t);
  if (documents) parts.push(muted(documents));
  parts.push(button(t("placed.view"), url(payload.orderPath)));
  return letter(t("return.title", { step: returnStepWords(payload) }), parts, payload.locale);
}

/** When the refund reaches the shopper, in the mail's language. */
function timingWords(payload: Payload, t: MailT): string {
  if (payload.refundMethod === "upi" && payload.upiId) {
    return t(payload.status === "refunded" ? "return.timingUpiIdSent" : "return.timingUpiId", { upi: payload.upiId });
  }
  return refundTimingWords(payload.locale, payload.refundMethod as RefundMethod);
}

/** How much goes back, how and when (store credit first, when the order was paid with it); null for an exchange. */
function moneyWords(payload: Payload, t: MailT): string | null {
  if (payload.amount === null || !payload.refundMethod) return null;
  const timing = timingWords(payload, t);
  const amount = formatInr(payload.amount);
  const back = payload.storeCreditBack ?? 0;
  if (back <= 0) return t("return.money", { amount, timing });
  const rest = payload.amount - back;
  const credit = formatInr(back);
  return rest > 0
    ? t("return.moneyCreditAndRest", { amount, credit, rest: formatInr(rest), timing })
    : t("return.moneyCreditOnly", { credit });
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function stepParts(payload: Payload, t: MailT): ReactNode[] {
  const size = (value: string | null) => sizeWordsIn(t, value ?? "");
  const piece = `${payload.title} (${size(payload.size)}) × ${payload.quantity}`;
  const money = moneyWords(payload, t);
  switch (payload.status) {
    case "requested":
      return [
        text(
          payload.exchangeSize
            ? t("return.askExchange", { piece, size: size(payload.exchangeSize) })
            : t("return.askReturn", { piece }),
        ),
        ...(money ? [text(t("return.refund", { money }))] : []),
        text(t(payload.selfShip ? "return.selfShip" : "return.pickupFree")),
      ];
    case "pickup-scheduled":
      return [text(t("return.pickupScheduled", { piece }))];
    case "picked-up":
      return [text(t("return.pickedUp", { piece }))];
    case "received":
      return [text(t("return.received", { piece }))];
    case "refunded":
      return refundedParts(payload, t, piece, money);
    case "exchange-accepted":
      return [
        text(t("return.exchangeAccepted", { piece, size: size(payload.exchangeSize) })),
        text(t("return.nothingToPay")),
      ];
    case "exchange-shipped":
      return [
        text(t("return.exchangeShipped", { size: capitalised(size(payload.exchangeSize)), title: payload.title })),
        ...shipmentParts(payload, payload.locale),
      ];
    case "rejected":
      return [text(t("return.rejected", { piece, reason: payload.rejectReason ?? "" }))];
    default:
      return [];
  }
}

/**
 * An accepted refund: approved while its money is on its way, and, for a UPI transfer once made,
 * the masked UPI ID and the UTR to find it by in the shopper's bank app.
 */
function refundedParts(payload: Payload, t: MailT, piece: string, money: string | null): ReactNode[] {
  if (payload.refundMethod === "upi" && payload.utr && payload.amount !== null) {
    return [
      text(t("return.upiSent", { amount: formatInr(payload.amount), piece, upi: payload.upiId ?? "" })),
      text(t("return.utr", { utr: payload.utr })),
    ];
  }
  const accepted = t("return.accepted", { piece });
  if (!money) return [text(accepted)];
  const refund = t(payload.refundDone === false ? "return.refundApproved" : "return.refund", { money });
  return [text(`${accepted} ${refund}`)];
}

/** Where the step's tax documents are, once the parcel is accepted. */
function documentsNote(payload: Payload, t: MailT): string | null {
  if (!payload.creditNotePath) return null;
  return t(payload.exchangeInvoicePath ? "return.documentsBoth" : "return.documentsCreditNote");
}
