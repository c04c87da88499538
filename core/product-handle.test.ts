import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handleProblem, normalizeHandle, productHandle } from "./product-handle.ts";

describe("product handles", () => {
  it("are the title's words and the product's id", () => {
    expect(productHandle("Zainab Embroidered Lawn 3-Piece Suit", 12)).toBe("zainab-embroidered-lawn-3-piece-suit-12");
    expect(productHandle("Zoë's Kurta (Red)", 7)).toBe("zoe-s-kurta-red-7");
    expect(productHandle('=HYPERLINK("x")', 3)).toBe("hyperlink-x-3");
    expect(productHandle("बनारसी साड़ी", 9)).toBe("product-9");
  });

  it("cut a long title at a word", () => {
    const handle = productHandle(`${"Banarasi ".repeat(12)}Saree`, 40);
    // Six words are 53 characters; a seventh would pass 60.
    expect(handle).toBe(`${"banarasi-".repeat(6)}40`);
  });

  it("are unique for different products whatever their titles, and always pass the shop's handle rule", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), fc.nat(), fc.nat(), (a, b, x, y) => {
        expect(handleProblem(productHandle(a, x))).toBeUndefined();
        if (x !== y) expect(productHandle(a, x)).not.toBe(productHandle(b, y));
      }),
      { numRuns: 1_000 },
    );
  });

  it("refuses what is not a handle, in plain words", () => {
    expect(normalizeHandle("  Red-Saree ")).toBe("red-saree");
    expect(handleProblem("red-saree")).toBeUndefined();
    expect(handleProblem("example_t-shirt")).toBeUndefined();
    expect(handleProblem("")).toBe("the handle is empty: every row names its product's handle.");
    expect(handleProblem("red saree")).toBe(
      "'red saree' is not a handle: use lower-case letters a–z, digits and hyphens, such as red-silk-saree.",
    );
    expect(handleProblem("-red")).toMatch(/is not a handle/);
    expect(handleProblem("साड़ी")).toMatch(/is not a handle/);
    expect(handleProblem("a".repeat(201))).toBe("the handle is longer than 200 characters.");
  });
});
