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
