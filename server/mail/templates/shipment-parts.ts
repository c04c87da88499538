import { Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { trackingUrl } from "#core/couriers.ts";
import { formatShopDay } from "#core/dates.ts";
import type { Locale } from "#core/locales.ts";
import { h, INK, styles, text } from "./mail-layout.ts";
import { mailWords } from "./mail-words.ts";

export type ShipmentWords = {
  courier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
  expectedDeliveryAt?: number | null | undefined;
};

/**
 * What a shipped mail says of the parcel, an order's or an exchange's: the courier, the tracking
 * number (a link to the courier's tracking page where the courier is known) and the day expected,
 * written as the shop writes a delivery day ("Wed, 2 Dec"; "बुध, 2 दिसंबर" in a Hindi mail).
 */
export function shipmentParts(shipment: ShipmentWords, locale: Locale | undefined): ReactNode[] {
  const t = mailWords(locale);
  const parts: ReactNode[] = [];
  if (shipment.courier) parts.push(text(t("ship.courier", { courier: shipment.courier })));
  if (shipment.trackingNumber) {
    const href = trackingUrl(shipment.courier ?? "", shipment.trackingNumber);
    parts.push(
      href
        ? h(
            Text,
            { style: styles.text },
            t("ship.tracking"),
            // The shop's ink, underlined: the mail library's own link blue is under 4.5:1 on white.
            h(Link, { href, style: { color: INK, textDecoration: "underline" } }, shipment.trackingNumber),
          )
        : text(t("ship.trackingNumber", { number: shipment.trackingNumber })),
    );
  }
  if (shipment.expectedDeliveryAt) {
    parts.push(text(t("ship.expected", { day: formatShopDay(shipment.expectedDeliveryAt, locale) })));
  }
  return parts;
}
