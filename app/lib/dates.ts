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
