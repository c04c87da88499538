const shopDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** "Jan 05, 2024", in the shop's time zone (Mumbai). */
export function formatShopDate(epochMillis: number): string {
  return shopDate.format(new Date(epochMillis));
}

const shopTime = new Intl.DateTimeFormat("en-IN", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** "Jan 05, 2024, 02:30 pm", in the shop's time zone. */
export function formatShopDateTime(epochMillis: number): string {
  return `${formatShopDate(epochMillis)}, ${shopTime.format(new Date(epochMillis))}`;
}

const deliveryDay = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "Thu, 27 Nov" for a calendar day ("2026-11-27"). */
export function formatDeliveryDay(day: string): string {
  return deliveryDay.format(new Date(`${day}T00:00:00Z`));
}

/** "Delivery by Thu, 27 Nov", or "Delivery between Wed, 26 Nov and Fri, 28 Nov" for a wider window. */
export function deliveryWindowText(window: { from: string; until: string }): string {
  return window.from === window.until
    ? `Delivery by ${formatDeliveryDay(window.until)}`
    : `Delivery between ${formatDeliveryDay(window.from)} and ${formatDeliveryDay(window.until)}`;
}

/** India keeps one offset all year (no summer time): UTC+05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** A "YYYY-MM-DDTHH:MM" typed in India time (a datetime-local field) as epoch ms; null if it is not one. */
export function indiaLocalToEpoch(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(utc);
  // 2026-02-30 rolls over to March: not a day the field could mean.
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  return utc - INDIA_OFFSET_MS;
}

/** Epoch ms as a datetime-local field's value in India time ("2026-04-01T10:00"). */
export function epochToIndiaLocal(epochMillis: number): string {
  return new Date(epochMillis + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}
