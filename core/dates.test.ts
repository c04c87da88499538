import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  deliveryWindowText,
  formatDayMonth,
  formatDeliveryDay,
  formatShopDate,
  formatShopDateHindi,
  formatShopDateTime,
  formatShopDay,
} from "./dates.ts";

// The reference: what Intl prints for Indian English, in the server's engine.
const shopDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
const shopTime = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });
const deliveryDay = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const dayMonth = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });

describe("the shop's dates", () => {
  it("reads an instant on a clock in India", () => {
    // 18:45 UTC on 31 Dec is 00:15 on 1 Jan in Mumbai.
    const instant = Date.UTC(2025, 11, 31, 18, 45);
    expect(formatShopDate(instant)).toBe("1 Jan 2026");
    expect(formatShopDateTime(instant)).toBe("1 Jan 2026, 12:15 am");
    expect(formatShopDateTime(Date.UTC(2026, 5, 5, 8, 0))).toBe("5 Jun 2026, 1:30 pm");
    // A day to come reads as the delivery promise does: 2 Dec 2026, 18:30 UTC is already the 3rd in India.
    expect(formatShopDay(Date.UTC(2026, 11, 2, 6, 30))).toBe("Wed, 2 Dec");
    expect(formatShopDay(Date.UTC(2026, 11, 2, 18, 30))).toBe("Thu, 3 Dec");
    expect(formatDeliveryDay("2026-09-05")).toBe("Sat, 5 Sept");
    expect(formatDayMonth("2026-11-27")).toBe("27 Nov");
  });

  it("prints every calendar day of four years as Intl does", () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDeliveryDay(day)).toBe(deliveryDay.format(time));
      expect(formatDayMonth(day)).toBe(dayMonth.format(time));
    }
  });

  it("prints any instant's date and time in India as Intl does", () => {
    const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instants, (instant) => {
        expect(formatShopDate(instant)).toBe(shopDate.format(instant));
        expect(formatShopDateTime(instant)).toBe(`${shopDate.format(instant)}, ${shopTime.format(instant)}`);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("dates in Hindi", () => {
  it("writes the month out and the weekday short, as Hindi shops print them", () => {
    expect(formatDayMonth("2026-12-02", "hi-IN")).toBe("2 दिसंबर");
    expect(formatDeliveryDay("2026-12-04", "hi-IN")).toBe("शुक्र, 4 दिसंबर");
    expect(deliveryWindowText({ from: "2026-12-04", until: "2026-12-04" }, "hi-IN")).toBe("शुक्र, 4 दिसंबर तक डिलीवरी");
    expect(deliveryWindowText({ from: "2026-12-02", until: "2026-12-04" }, "hi-IN")).toBe(
      "बुध, 2 दिसंबर से शुक्र, 4 दिसंबर के बीच डिलीवरी",
    );
    expect(formatShopDateHindi(Date.UTC(2026, 11, 1, 20, 0))).toBe("2 दिसंबर 2026");
  });

  it("agrees with the engine's Hindi month names", () => {
    for (let month = 0; month < 12; month++) {
      const day = `2026-${String(month + 1).padStart(2, "0")}-15`;
      const engine = new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "long", timeZone: "UTC" }).format(
        new Date(`${day}T00:00:00Z`),
      );
      expect(formatDayMonth(day, "hi-IN")).toBe(engine);
    }
  });
});
