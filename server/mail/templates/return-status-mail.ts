import type { ReactNode } from "react";
import { formatInr } from "#core/money.ts";
import { REFUND_TIMING, RETURN_STATUS_LABELS, type RefundMethod, type ReturnStatus } from "#core/returns.ts";
import type { ReturnMail } from "../mail.schemas.ts";
import { button, letter, muted, text } from "./mail-layout.ts";

type Url = (path: string) => string;

/** The step as a subject line says it: "Pickup scheduled", in lower case after a colon. */
export function returnStatusWords(status: string): string {
  return (RETURN_STATUS_LABELS[status as ReturnStatus] ?? status).toLowerCase();
}

/** The mail for each step of a return or exchange, with what the shopper needs at that step. */
export function returnStatusMail(payload: ReturnMail["payload"], url: Url): ReactNode {
  const piece = `${payload.title} (size ${payload.size}) × ${payload.quantity}`;
  const parts: ReactNode[] = [text(`Dear ${payload.name},`)];
  const money =
    payload.amount !== null && payload.refundMethod
      ? `${formatInr(payload.amount)} ${REFUND_TIMING[payload.refundMethod as RefundMethod] ?? ""}`
      : null;
  switch (payload.status) {
    case "requested":
      parts.push(
        text(
          payload.exchangeSize
            ? `We have your request to exchange ${piece} for size ${payload.exchangeSize}. The new size is held for you.`
            : `We have your request to return ${piece}.`,
        ),
      );
      if (money) parts.push(text(`Refund: ${money}.`));
      parts.push(
        text(
          payload.selfShip
            ? "Our courier does not pick up at your pincode: please send the parcel to the address on your invoice."
            : "Our courier will pick up the parcel for free; we will tell you the day.",
        ),
      );
      break;
    case "pickup-scheduled":
      parts.push(text(`The pickup of ${piece} is scheduled. Please keep it packed with its tags on.`));
      break;
    case "picked-up":
      parts.push(text(`The courier has picked up ${piece}.`));
      break;
    case "received":
      parts.push(text(`We have received ${piece} and are checking it.`));
      break;
    case "refunded":
      parts.push(text(`We accepted ${piece}. ${money ? `Refund: ${money}.` : ""}`));
      break;
    case "exchange-shipped":
      parts.push(text(`We accepted ${piece} and have shipped size ${payload.exchangeSize}.`));
      break;
    case "rejected":
      parts.push(text(`We could not accept the return of ${piece}: ${payload.rejectReason ?? ""}`));
      break;
  }
  if (payload.creditNotePath) parts.push(muted("The credit note for the returned pieces is on your order page."));
  parts.push(button("View your order", url(payload.orderPath)));
  return letter(`Your return: ${RETURN_STATUS_LABELS[payload.status as ReturnStatus] ?? payload.status}`, parts);
}
