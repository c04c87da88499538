import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SIZES } from "./sizes.ts";
import { normalizeSku, proposeSku, SKU_MAX_LENGTH, sizeCode, skuProblem } from "./sku.ts";

describe("SKUs", () => {
  it("proposes KSR-<product>-<size>, from the product's id or the start of its handle", () => {
    expect(proposeSku(12, "M")).toBe("KSR-12-M");
    expect(proposeSku(12, "UK 5")).toBe("KSR-12-UK5");
    expect(proposeSku(7, "One Size")).toBe("KSR-7-OS");
    expect(proposeSku("red-silk-saree", "S")).toBe("KSR-RED-SILK-SAREE-S");
    // A long handle is cut at a word, never halfway through one.
    expect(proposeSku("zainab-embroidered-lawn-3-piece-suit", "XL")).toBe("KSR-ZAINAB-EMBROIDERED-XL");
    expect(proposeSku("abcdefghijklmnopqrstuvwxyz", "L")).toBe("KSR-ABCDEFGHIJKLMNOPQRST-L");
    expect(proposeSku("---", "L")).toBe("KSR-P-L");
  });

  it("adds -2, -3… when the proposal is taken", () => {
    const taken = new Set(["KSR-12-M", "KSR-12-M-2"]);
    expect(proposeSku(12, "M", (sku) => taken.has(sku))).toBe("KSR-12-M-3");
    expect(proposeSku(12, "L", (sku) => taken.has(sku))).toBe("KSR-12-L");
  });

  it("always proposes an SKU the shop accepts, for any handle and size", () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.string({ maxLength: 300 })), fc.constantFrom(...SIZES), (product, size) => {
        const sku = proposeSku(product, size);
        expect(skuProblem(sku), sku).toBeUndefined();
        expect(normalizeSku(sku)).toBe(sku);
      }),
      { numRuns: 1_000 },
    );
  });

  it("writes each size the shop sells as a short code", () => {
    expect(SIZES.map(sizeCode)).toEqual(["S", "M", "L", "XL", "UK3", "UK4", "UK5", "UK6", "UK7", "UK8", "OS"]);
  });

  it("keeps SKUs upper-case, and refuses spaces, symbols, empty and overlong ones in plain words", () => {
    expect(normalizeSku("  ksr-12-m ")).toBe("KSR-12-M");
    for (const good of ["KSR-12-M", "A", "EXAMPLE-SHIRT-S", "AB_12.3/4", "8901234567890"]) {
      expect(skuProblem(good), good).toBeUndefined();
    }
    expect(skuProblem("")).toBe("the SKU is empty.");
    expect(skuProblem("KSR 12 M")).toMatch(/^'KSR 12 M' is not an SKU: use letters A–Z and digits/);
    expect(skuProblem("KSR-12-M-")).toMatch(/is not an SKU/);
    expect(skuProblem("-KSR")).toMatch(/is not an SKU/);
    expect(skuProblem("KSR₹12")).toMatch(/is not an SKU/);
    expect(skuProblem("=HYPERLINK(1)")).toMatch(/is not an SKU/);
    expect(skuProblem("A".repeat(SKU_MAX_LENGTH))).toBeUndefined();
    expect(skuProblem("A".repeat(SKU_MAX_LENGTH + 1))).toMatch(/longer than an SKU may be \(40 characters\)/);
  });
});
