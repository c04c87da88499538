import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barcodeProblem, ean13CheckDigit, isCode128Text, isValidEan13 } from "./barcode.ts";

describe("barcodes", () => {
  it("checks an EAN-13 by its check digit", () => {
    // GS1's own example, a retail pack's code, and an Indian (890) prefix.
    for (const good of ["5901234123457", "4006381333931", "8901234567890"]) {
      expect(isValidEan13(good), good).toBe(true);
      expect(barcodeProblem(good), good).toBeUndefined();
    }
    expect(isValidEan13("5901234123458")).toBe(false);
    expect(barcodeProblem("5901234123458")).toBe(
      "'5901234123458' is not a valid EAN-13: its check digit would be 7, not 8.",
    );
    expect(ean13CheckDigit("590123412345")).toBe(7);
  });

  it("catches every single mistyped digit of an EAN-13", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{12}$/),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (first12, position, shift) => {
          const code = `${first12}${ean13CheckDigit(first12)}`;
          expect(isValidEan13(code)).toBe(true);
          const typo = `${code.slice(0, position)}${(Number(code[position]) + shift) % 10}${code.slice(position + 1)}`;
          expect(isValidEan13(typo), typo).toBe(false);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("takes any Code 128 text that is not 13 digits, and refuses what a label cannot print", () => {
    for (const good of ["KSR-12-M", "WH/A-17 shelf 3", "12345678", "890123456789", "~!@#$%"]) {
      expect(isCode128Text(good), good).toBe(true);
      expect(barcodeProblem(good), good).toBeUndefined();
    }
    expect(isCode128Text(" KSR")).toBe(false);
    expect(isCode128Text("KSR ")).toBe(false);
    expect(isCode128Text("")).toBe(false);
    expect(barcodeProblem("साड़ी-1")).toMatch(/^'साड़ी-1' is not a barcode: use a 13-digit EAN-13, or letters/);
    expect(barcodeProblem("₹1299")).toMatch(/is not a barcode/);
    expect(barcodeProblem("tab\there")).toMatch(/is not a barcode/);
    expect(barcodeProblem("A".repeat(49))).toMatch(/longer than a barcode may be \(48 characters\)/);
  });

  it("names a barcode a spreadsheet turned into a shortened number", () => {
    expect(barcodeProblem("8.90123E+12")).toBe(
      "'8.90123E+12' is a number a spreadsheet shortened: format the column as text and type the barcode again.",
    );
    expect(barcodeProblem("8.90123e12")).toMatch(/spreadsheet shortened/);
  });
});
