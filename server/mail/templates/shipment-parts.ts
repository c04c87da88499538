import { Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { trackingUrl } from "#core/couriers.ts";
import { formatShopDay } from "#core/dates.ts";
import { h, INK, styles, text } from "./mail-layout.ts";

export type ShipmentWords = {
  courier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
  expectedDeliveryAt?: number | null | undefined;
};

/**
 * What a shipped mail says of the parcel, an order's or an exchange's: the courier, the tracking
 * number (a link to the courier's tracking page where the courier is known) and the day expected,
 * written as the shop writes a delivery day ("Wed, 2 Dec").
 */
export function shipmentParts(shipment: ShipmentWords): ReactNode[] {
  const parts: ReactNode[] = [];
  if (shipment.courier) parts.push(text(`Courier: ${shipment.courier}`));
  if (shipment.trackingNumber) {
    const href = trackingUrl(shipment.courier ?? "", shipment.trackingNumber);
    parts.push(
      href
        ? h(
            Text,
            { style: styles.text },
            "Tracking number: ",
            // The shop's ink, underlined: the mail library's own link blue is under 4.5:1 on white.
            h(Link, { href, style: { color: INK, textDecoration: "underline" } }, shipment.trackingNumber),
          )
        : text(`Tracking number: ${shipment.trackingNumber}`),
    );
  }
  if (shipment.expectedDeliveryAt) parts.push(text(`Expected delivery: ${formatShopDay(shipment.expectedDeliveryAt)}`));
  return parts;
}
