import { describe, expect, it } from "vitest";
import { indiaDay } from "#core/dates.ts";
import { addWorkingDays, deliveryWindow, dispatchDay } from "./delivery-days.ts";

const india = (local: string) => Date.parse(`${local}+05:30`);
const rules = { cutoffMinutes: 14 * 60, handlingDays: 1 };
const none = new Set<string>();

describe("delivery days in India time", () => {
  it("takes the day from India's clock, not the server's", () => {
    // 20:00 UTC on Wednesday is half past one on Thursday morning in Mumbai.
    expect(indiaDay(Date.parse("2026-11-25T20:00:00Z"))).toBe("2026-11-26");
    expect(indiaDay(Date.parse("2026-11-25T18:29:59Z"))).toBe("2026-11-25");
  });

  it("counts an order before the cut-off from that day, and one after it from the next working day", () => {
    expect(dispatchDay(india("2026-11-25T13:59"), rules, none)).toBe("2026-11-26");
    expect(dispatchDay(india("2026-11-25T14:00"), rules, none)).toBe("2026-11-27");
    expect(dispatchDay(india("2026-11-25T13:59"), { ...rules, handlingDays: 0 }, none)).toBe("2026-11-25");
  });

  it("skips Sundays: an order on Saturday evening or on Sunday leaves on Tuesday, across the month's end", () => {
    expect(dispatchDay(india("2026-11-28T16:00"), rules, none)).toBe("2026-12-01");
    expect(dispatchDay(india("2026-11-29T09:00"), rules, none)).toBe("2026-12-01");
    expect(dispatchDay(india("2026-11-28T09:00"), rules, none)).toBe("2026-11-30");
  });

  it("skips the shop's holidays, for dispatch and for transit", () => {
    const holidays = new Set(["2026-11-26", "2026-11-30"]);
    expect(dispatchDay(india("2026-11-25T10:00"), rules, holidays)).toBe("2026-11-27");
    expect(deliveryWindow("2026-11-27", { minDays: 1, maxDays: 2 }, holidays)).toEqual({
      from: "2026-11-28",
      until: "2026-12-01",
    });
  });

  it("delivers a day after dispatch at the soonest, over the year's end", () => {
    expect(deliveryWindow("2026-12-31", { minDays: 0, maxDays: 3 }, none)).toEqual({
      from: "2027-01-01",
      until: "2027-01-04",
    });
    expect(addWorkingDays("2027-02-27", 1, none)).toBe("2027-03-01");
  });
});
