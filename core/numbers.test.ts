import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatHundredths, readHundredths, readWholeNumber } from "./numbers.ts";

// The reference: what Intl's en-IN locale prints, which the shop printed before it grouped digits itself.
const count = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const hundredths = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe("Indian digit grouping", () => {
  it("groups the last three digits, then pairs", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(1234567)).toBe("12,34,567");
    expect(formatCount(-150000)).toBe("-1,50,000");
    expect(formatHundredths(5)).toBe("0.05");
    expect(formatHundredths(12_345_650)).toBe("1,23,456.50");
    expect(formatHundredths(-26_990)).toBe("-269.90");
  });

  it("prints what Intl's en-IN prints, for whole numbers and for paise", () => {
    // Past ₹10,00,00,00,000 Intl's own division by 100 loses the last paisa; the shop's never does.
    const amounts = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e13, max: 1e13 }));
    fc.assert(
      fc.property(amounts, fc.maxSafeInteger(), (paise, whole) => {
        expect(formatCount(whole)).toBe(count.format(whole));
        expect(formatCount(paise)).toBe(count.format(paise));
        expect(formatHundredths(paise)).toBe(hundredths.format(paise / 100));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("numbers read from forms", () => {
  it("takes plain decimal digits only, as whole numbers", () => {
    expect(readWholeNumber("0")).toBe(0);
    expect(readWholeNumber("0042")).toBe(42);
    expect(readWholeNumber("123456789012345")).toBe(123_456_789_012_345);
    const refused = ["", " 1", "1 ", "+1", "-1", "1.0", "1e2", "0x1", "0b1", "0o1", "1_0", "Infinity", "NaN", "١٢"];
    for (const text of [...refused, "1234567890123456"])
      expect(readWholeNumber(text), JSON.stringify(text)).toBe(undefined);
  });

  it("takes amounts with at most two decimals, in exact hundredths", () => {
    expect(readHundredths("1999")).toBe(199_900);
    expect(readHundredths("1999.5")).toBe(199_950);
    expect(readHundredths("0.29")).toBe(29);
    expect(readHundredths("1234567.89")).toBe(123_456_789);
    for (const text of ["", " 1", "1.", ".5", "1.234", "1e3", "0x10", "12,99", "+5", "-5", "1 000"]) {
      expect(readHundredths(text), JSON.stringify(text)).toBe(undefined);
    }
  });
});
