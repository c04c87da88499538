import type { ReactNode } from "react";
import { formatInr } from "#core/money.ts";
import type { ParcelNewsMail } from "../mail.schemas.ts";
import { button, letter, muted, text } from "./mail-layout.ts";

type Url = (path: string) => string;

/**
 * A parcel out for delivery (have the cash ready), or a delivery attempt that failed: what the
 * courier said, and the tracking page, where the buyer asks for another day, another address or
 * phone, or cancels (record 43).
 */
export function parcelNewsMail(payload: ParcelNewsMail["payload"], url: Url): ReactNode {
  const courier = payload.courier ? ` with ${payload.courier}` : "";
  const awb = payload.awb ? ` (AWB ${payload.awb})` : "";
  if (payload.news === "out-for-delivery") {
    return letter(`Order ${payload.orderNumber} is out for delivery`, [
      text(`Dear ${payload.name},`),
      text(`Your parcel is out for delivery today${courier}${awb}.`),
      payload.amountDue > 0
        ? text(`Please keep ${formatInr(payload.amountDue)} ready in cash for the courier.`)
        : text("It is paid for: nothing is due at the door."),
      button("Follow your parcel", url(payload.trackingPath)),
    ]);
  }
  const which = payload.attempts > 1 ? `attempt ${payload.attempts}` : "the first attempt";
  return letter(`We could not deliver order ${payload.orderNumber}`, [
    text(`Dear ${payload.name},`),
    text(
      `Our courier${courier} could not deliver your parcel${awb} at ${which}${payload.activity ? `: “${payload.activity}”` : "."}`,
    ),
    text(
      "Tell us what to do on your parcel's page: deliver it again on a day you choose, deliver it to another address or phone number, or cancel the order.",
    ),
    button("Choose what happens next", url(payload.trackingPath)),
    muted(
      "Please choose within a day: after that the courier tries again by itself, and after three failed attempts the parcel comes back to us.",
    ),
  ]);
}
