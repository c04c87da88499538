/*
 * Dates as the shop prints them, in India time (UTC+05:30 all year: India keeps no summer time).
 *
 * Written out rather than asked of Intl.DateTimeFormat: the first Intl formatter a page makes loads
 * the browser's locale and time-zone data, 20–50 ms of a phone's main thread (decision record 18,
 * §18), and two engines' locale data need not agree (en-IN's September is "Sept" in one and "Sep" in
 * another), which would make the browser's render differ from the server's. The tests hold these to
 * Intl's output in the server's engine.
 */

/** India keeps one offset all year (no summer time): UTC+05:30. The shop's one India clock. */
export const INDIA_OFFSET_MS = 330 * 60_000;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** Indian English abbreviates September with four letters. */
const INDIAN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The calendar fields of an instant as a clock in India reads them. */
function inIndia(epochMillis: number): Date {
  return new Date(epochMillis + INDIA_OFFSET_MS);
}

/** The calendar day it is in India at this moment: "2026-11-27". */
export function indiaDay(epochMillis: number): string {
  return inIndia(epochMillis).toISOString().slice(0, 10);
}

/*
 * One date style everywhere, as India writes it: the day, then the month, then the year, with no
 * leading zero ("4 Dec 2026"); a day about to come (a delivery) also says its weekday and leaves the
 * year out ("Fri, 4 Dec"); a time is "2:30 pm".
 */

/** "5 Jan 2024", in the shop's time zone (Mumbai). */
export function formatShopDate(epochMillis: number): string {
  const day = inIndia(epochMillis);
  return `${day.getUTCDate()} ${INDIAN_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "5 Jan 2024, 2:30 pm" ("5 जनवरी 2024, 2:30 pm" in Hindi), in the shop's time zone. */
export function formatShopDateTime(epochMillis: number, language: "en-IN" | "hi-IN" = "en-IN"): string {
  const time = inIndia(epochMillis);
  const hours = time.getUTCHours();
  const clock = `${hours % 12 || 12}:${twoDigits(time.getUTCMinutes())} ${hours < 12 ? "am" : "pm"}`;
  const day = language === "hi-IN" ? formatShopDateHindi(epochMillis) : formatShopDate(epochMillis);
  return `${day}, ${clock}`;
}

/** "Fri, 4 Dec" ("शुक्र, 4 दिसंबर"): the day an instant falls on in India, as a delivery day is written. */
export function formatShopDay(epochMillis: number, language: DateLanguage = "en-IN"): string {
  return formatDeliveryDay(indiaDay(epochMillis), language);
}

/*
 * Hindi dates as Indian shops print them: the month written out ("2 दिसंबर"), the weekday short
 * ("शुक्र"), figures in the international digits Indian shops use.
 */
const HINDI_WEEKDAYS = ["रवि", "सोम", "मंगल", "बुध", "गुरु", "शुक्र", "शनि"] as const;
const HINDI_MONTHS = [
  "जनवरी",
  "फ़रवरी",
  "मार्च",
  "अप्रैल",
  "मई",
  "जून",
  "जुलाई",
  "अगस्त",
  "सितंबर",
  "अक्टूबर",
  "नवंबर",
  "दिसंबर",
] as const;

/** The language a date is written in: Indian English unless said. */
type DateLanguage = "en-IN" | "hi-IN";

/** "27 Nov" ("27 नवंबर" in Hindi) for a calendar day ("2026-11-27"). */
export function formatDayMonth(day: string, language: DateLanguage = "en-IN"): string {
  const date = new Date(`${day}T00:00:00Z`);
  const months = language === "hi-IN" ? HINDI_MONTHS : INDIAN_MONTHS;
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]}`;
}

/** "Thu, 27 Nov" ("गुरु, 27 नवंबर") for a calendar day ("2026-11-27"). */
export function formatDeliveryDay(day: string, language: DateLanguage = "en-IN"): string {
  const weekdays = language === "hi-IN" ? HINDI_WEEKDAYS : WEEKDAYS;
  return `${weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]}, ${formatDayMonth(day, language)}`;
}

/**
 * "Delivery by Thu, 27 Nov", or "Delivery between Wed, 26 Nov and Fri, 28 Nov" for a wider window;
 * in Hindi "गुरु, 27 नवंबर तक डिलीवरी", "बुध, 26 नवंबर से शुक्र, 28 नवंबर के बीच डिलीवरी".
 */
export function deliveryWindowText(window: { from: string; until: string }, language: DateLanguage = "en-IN"): string {
  const from = formatDeliveryDay(window.from, language);
  const until = formatDeliveryDay(window.until, language);
  if (language === "hi-IN") {
    return window.from === window.until ? `${until} तक डिलीवरी` : `${from} से ${until} के बीच डिलीवरी`;
  }
  return window.from === window.until ? `Delivery by ${until}` : `Delivery between ${from} and ${until}`;
}

/** "2 दिसंबर 2026": a day in Hindi, with its year. */
export function formatShopDateHindi(epochMillis: number): string {
  const day = inIndia(epochMillis);
  return `${day.getUTCDate()} ${HINDI_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

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
  return inIndia(epochMillis).toISOString().slice(0, 16);
}
