import type { ReactNode } from "react";
import { formatInr } from "#core/money.ts";
import { REFUND_TIMING, type RefundMethod, type ReturnStatus, returnStepLabel } from "#core/returns.ts";
import { sizeWords } from "#core/sizes.ts";
import type { ReturnMail } from "../mail.schemas.ts";
import { button, letter, muted, text } from "./mail-layout.ts";
import { shipmentParts } from "./shipment-parts.ts";

type Url = (path: string) => string;

type Payload = ReturnMail["payload"];

/** The mail for each step of a return or exchange, with what the shopper needs at that step. */
export function returnStatusMail(payload: Payload, url: Url): ReactNode {
  const parts: ReactNode[] = [text(`Dear ${payload.name},`), ...stepParts(payload)];
  const documents = documentsNote(payload);
  if (documents) parts.push(muted(documents));
  parts.push(button("View your order", url(payload.orderPath)));
  const step = returnStepLabel(payload.status as ReturnStatus, payload.refundDone === false ? "requested" : null);
  return letter(`Your return: ${step ?? payload.status}`, parts);
}

/** How much goes back, how and when (store credit first, when the order was paid with it); null for an exchange. */
function moneyWords(payload: Payload): string | null {
  if (payload.amount === null || !payload.refundMethod) return null;
  const timing =
    payload.refundMethod === "upi" && payload.upiId
      ? `to your UPI ID ${payload.upiId} within 2 working days${payload.status === "refunded" ? "" : " after we accept the parcel"}`
      : (REFUND_TIMING[payload.refundMethod as RefundMethod] ?? "");
  const back = payload.storeCreditBack ?? 0;
  if (back <= 0) return `${formatInr(payload.amount)} ${timing}`;
  const rest = payload.amount - back;
  const first = `${formatInr(back)} as store credit, as the order was paid with it`;
  return rest > 0 ? `${formatInr(payload.amount)}: ${first}, and ${formatInr(rest)} ${timing}` : first;
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function stepParts(payload: Payload): ReactNode[] {
  const piece = `${payload.title} (${sizeWords(payload.size)}) × ${payload.quantity}`;
  const money = moneyWords(payload);
  switch (payload.status) {
    case "requested":
      return [
        text(
          payload.exchangeSize
            ? `We have your request to exchange ${piece} for ${sizeWords(payload.exchangeSize)}. The new size is held for you.`
            : `We have your request to return ${piece}.`,
        ),
        ...(money ? [text(`Refund: ${money}.`)] : []),
        text(
          payload.selfShip
            ? "Our courier does not pick up at your pincode: please send the parcel to the address on your invoice."
            : "Our courier will pick up the parcel for free; we will tell you the day.",
        ),
      ];
    case "pickup-scheduled":
      return [text(`The pickup of ${piece} is scheduled. Please keep it packed with its tags on.`)];
    case "picked-up":
      return [text(`The courier has picked up ${piece}.`)];
    case "received":
      return [text(`We have received ${piece} and are checking it.`)];
    case "refunded":
      return refundedParts(payload, piece, money);
    case "exchange-accepted":
      return [
        text(
          `We accepted ${piece} and are packing ${sizeWords(payload.exchangeSize ?? "")} for you. We will write again with its tracking number when it ships.`,
        ),
        text("Nothing is to pay: its invoice is settled against the returned piece's credit note."),
      ];
    case "exchange-shipped":
      return [
        text(`${capitalised(sizeWords(payload.exchangeSize ?? ""))} of ${payload.title} is on its way.`),
        ...shipmentParts(payload),
      ];
    case "rejected":
      return [text(`We could not accept the return of ${piece}: ${payload.rejectReason ?? ""}`)];
    default:
      return [];
  }
}

/**
 * An accepted refund: approved while its money is on its way, and, for a UPI transfer once made,
 * the masked UPI ID and the UTR to find it by in the shopper's bank app.
 */
function refundedParts(payload: Payload, piece: string, money: string | null): ReactNode[] {
  if (payload.refundMethod === "upi" && payload.utr && payload.amount !== null) {
    return [
      text(`We have sent ${formatInr(payload.amount)} for ${piece} to your UPI ID ${payload.upiId ?? ""}.`),
      text(`UPI transaction reference (UTR): ${payload.utr}. Your bank app lists the payment under it.`),
    ];
  }
  const approved = payload.refundDone === false ? "Refund approved" : "Refund";
  return [text(`We accepted ${piece}. ${money ? `${approved}: ${money}.` : ""}`)];
}

/** Where the step's tax documents are, once the parcel is accepted. */
function documentsNote(payload: Payload): string | null {
  if (!payload.creditNotePath) return null;
  return payload.exchangeInvoicePath
    ? "The credit note for the returned pieces and the invoice of the new size are on your order page."
    : "The credit note for the returned pieces is on your order page.";
}
