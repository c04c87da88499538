import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatMobile,
  type IndianMobile,
  isIndianMobile,
  MOBILE_FOREIGN_MESSAGE,
  MOBILE_FORMAT_MESSAGE,
  MOBILE_SERIES_MESSAGE,
  maskMobile,
  nationalNumber,
  readIndianMobile,
} from "./phone.ts";

describe("reading an Indian mobile number", () => {
  it("reads the ways people type one", () => {
    const spellings = [
      "9820012345",
      "98200 12345",
      "98200-12345",
      "+919820012345",
      "+91 98200 12345",
      "+91-98200-12345",
      "+91 (98200) 12345",
      "919820012345",
      "09820012345",
      "0 98200 12345",
      "0091 98200 12345",
      "  9820012345  ",
      "98.200.123.45",
    ];
    for (const typed of spellings) {
      expect(readIndianMobile(typed), typed).toEqual({ ok: true, number: "+919820012345" });
    }
  });

  it("refuses a foreign number, one outside the mobile series, and anything not ten digits, saying which", () => {
    const refusals: [string, string][] = [
      ["+44 20 7946 0958", MOBILE_FOREIGN_MESSAGE],
      ["+1 202 555 0147", MOBILE_FOREIGN_MESSAGE],
      ["0044 20 7946 0958", MOBILE_FOREIGN_MESSAGE],
      // Premium-rate, landline and service ranges are not mobile numbers.
      ["5820012345", MOBILE_SERIES_MESSAGE],
      ["+91 12345 67890", MOBILE_SERIES_MESSAGE],
      ["022 2345 6789", MOBILE_SERIES_MESSAGE],
      ["982001234", MOBILE_FORMAT_MESSAGE],
      ["98200123456", MOBILE_FORMAT_MESSAGE],
      ["+91 098200 12345", MOBILE_FORMAT_MESSAGE],
      ["98200l2345", MOBILE_FORMAT_MESSAGE],
      ["98+20012345", MOBILE_FORMAT_MESSAGE],
      ["९८२००१२३४५", MOBILE_FORMAT_MESSAGE],
      ["", MOBILE_FORMAT_MESSAGE],
      ["9".repeat(40), MOBILE_FORMAT_MESSAGE],
    ];
    for (const [typed, message] of refusals) {
      expect(readIndianMobile(typed), typed).toEqual({ ok: false, message });
    }
  });

  it("gives back only numbers in the mobile series, and each as the one spelling it keeps", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const reading = readIndianMobile(typed);
        if (reading.ok) expect(isIndianMobile(reading.number)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom("6", "7", "8", "9"), fc.stringMatching(/^\d{9}$/), (first, rest) => {
        const digits = `${first}${rest}`;
        const kept = `+91${digits}` as const;
        for (const typed of [
          digits,
          `+91 ${digits}`,
          `0${digits}`,
          `91${digits}`,
          formatMobile(kept as IndianMobile),
        ]) {
          expect(readIndianMobile(typed)).toEqual({ ok: true, number: kept });
        }
      }),
    );
  });
});

describe("showing a number", () => {
  it("masks all but the first two and last three digits", () => {
    expect(maskMobile("+919820012345")).toBe("+91 98•••••345");
    expect(maskMobile("+919876543210")).toBe("+91 98•••••210");
  });

  it("writes the ten digits as orders keep them, and a readable spelling", () => {
    expect(nationalNumber("+919820012345")).toBe("9820012345");
    expect(formatMobile("+919820012345")).toBe("+91 98200 12345");
  });
});
