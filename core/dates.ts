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
