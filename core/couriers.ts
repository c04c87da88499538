/*
 * Couriers' public tracking pages, for the tracking number a shipment mail and an order page show:
 * where the courier is known, the number is a link to its page; any other courier's is plain text.
 * Names are matched loosely ("Blue Dart", "BlueDart", "bluedart express"), so the administrator
 * types them as they like.
 */

type TrackingPage = { names: readonly string[]; url: (trackingNumber: string) => string };

const TRACKING_PAGES: readonly TrackingPage[] = [
  { names: ["delhivery"], url: (number) => `https://www.delhivery.com/track/package/${number}` },
  {
    names: ["bluedart", "bluedartexpress"],
    url: (number) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${number}`,
  },
  { names: ["xpressbees"], url: (number) => `https://www.xpressbees.com/shipment/tracking?awbNo=${number}` },
  { names: ["ecomexpress", "ecom"], url: (number) => `https://www.ecomexpress.in/tracking/?awb_field=${number}` },
  { names: ["shiprocket"], url: (number) => `https://shiprocket.co/tracking/${number}` },
];

/** A courier's name reduced to letters and digits, lower case: "Blue Dart" and "bluedart" are one. */
function courierKey(courier: string): string {
  return courier.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The courier's page for this tracking number, or null where the courier is not one we know. */
export function trackingUrl(courier: string, trackingNumber: string): string | null {
  const number = trackingNumber.replace(/\s+/g, "");
  if (!number) return null;
  const key = courierKey(courier);
  const page = TRACKING_PAGES.find((entry) => entry.names.includes(key));
  return page ? page.url(encodeURIComponent(number)) : null;
}
