import { describe, expect, it } from "vitest";
import { type PointsEntryKind, pointsEntryReason, signedPoints } from "./points.ts";
import { sizeText, sizeWords } from "./sizes.ts";

describe("the points ledger's words", () => {
  it("gives every kind of entry a reason, naming the piece a return took back", () => {
    const reason = (kind: PointsEntryKind, orderStatus = "delivered", returnedTitle: string | null = null) =>
      pointsEntryReason({ kind, orderStatus, returnedTitle });
    expect(reason("earned")).toBe("earned: order delivered");
    expect(reason("redeemed", "shipped")).toBe("spent on the order");
    expect(reason("earned-reversed", "delivered", "Kundan Jhumka")).toBe("returned Kundan Jhumka");
    expect(reason("earned-reversed", "cancelled")).toBe("order cancelled");
    expect(reason("earned-reversed", "returned-to-origin")).toBe("parcel refused at the door");
    expect(reason("earned-reversed")).toBe("returned pieces");
    expect(reason("redeemed-returned", "delivered", "Kundan Jhumka")).toBe("given back with returned Kundan Jhumka");
    expect(reason("redeemed-returned", "cancelled")).toBe("given back: order cancelled");
    expect(reason("held-until-delivery", "shipped")).toBe("held until the order is delivered");
    expect(reason("corrected")).toBe("balance set right");
  });

  it("signs a loss with a true minus sign", () => {
    expect(signedPoints(-8)).toBe("−8");
    expect(signedPoints(49)).toBe("+49");
    expect(signedPoints(0)).toBe("0");
  });
});

describe("sizes in words", () => {
  it("says One Size alone, never Size One Size", () => {
    expect(sizeText("One Size")).toBe("One Size");
    expect(sizeText("M")).toBe("Size M");
    expect(sizeText("UK 5")).toBe("Size UK 5");
    expect(sizeWords("One Size")).toBe("One Size");
    expect(sizeWords("L")).toBe("size L");
  });
});
