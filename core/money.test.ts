import { describe, expect, it } from "vitest";
import { formatInr, formatRs, parseRupees, rupeeDecimal, rupeesToPaise } from "./money.ts";

describe("money", () => {
  it("formats paise as rupees the Indian way", () => {
    expect(formatRs(129_900)).toBe("₹1,299");
    expect(formatInr(12_345_650)).toBe("₹1,23,456.50");
    expect(formatInr(26_990)).toBe("₹269.90");
    expect(rupeeDecimal(129_950)).toBe("1299.50");
  });

  it("reads only plain decimal rupees from a form", () => {
    expect(parseRupees("1299")).toBe(129_900);
    expect(parseRupees("1299.5")).toBe(129_950);
    for (const odd of ["", " 1299 ", "1e3", "0x10", "12,99", "-5", "1.234", "Infinity", "١٢"])
      expect(parseRupees(odd)).toBeUndefined();
  });

  it("rounds to the nearest paisa", () => {
    expect(rupeesToPaise(10.005)).toBe(1001);
  });
});
