import type { ReactNode } from "react";
import { formatInr } from "#core/money.ts";
import type { ParcelNewsMail } from "../mail.schemas.ts";
import { button, letter, muted, text } from "./mail-layout.ts";
import { mailWords } from "./mail-words.ts";

type Url = (path: string) => string;

/**
 * A parcel out for delivery (have the cash ready), or a delivery attempt that failed: what the
 * courier said, and the tracking page, where the buyer asks for another day, another address or
 * phone, or cancels (record 43).
 */
export function parcelNewsMail(payload: ParcelNewsMail["payload"], url: Url): ReactNode {
  const t = mailWords(payload.locale);
  const number = payload.orderNumber;
  const courier = payload.courier ? t("parcel.outWithCourier", { courier: payload.courier }) : "";
  const awb = payload.awb ? t("parcel.awb", { awb: payload.awb }) : "";
  if (payload.news === "out-for-delivery") {
    return letter(t("parcel.outTitle", { number }), [
      text(t("status.dear", { name: payload.name })),
      text(t("parcel.out", { courier, awb })),
      payload.amountDue > 0
        ? text(t("parcel.keepCash", { amount: formatInr(payload.amountDue) }))
        : text(t("parcel.paid")),
      button(t("status.follow"), url(payload.trackingPath)),
    ]);
  }
  // A failed attempt's courier is said as "with Delhivery" in English and "Delhivery से" in Hindi.
  const activity = payload.activity ? t("parcel.failedActivity", { activity: payload.activity }) : t("parcel.end");
  const said = { courier, awb, activity, attempts: String(payload.attempts) };
  return letter(t("parcel.failedTitle", { number }), [
    text(t("status.dear", { name: payload.name })),
    text(t(payload.attempts > 1 ? "parcel.failedAgain" : "parcel.failedFirst", said)),
    text(t("parcel.choose")),
    button(t("parcel.chooseButton"), url(payload.trackingPath)),
    muted(t("parcel.chooseSoon")),
  ]);
}
