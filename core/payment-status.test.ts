import { describe, expect, it } from "vitest";
import { derivePaymentStatus, paymentWords } from "./payment-status.ts";

describe("an order's money in words and from its payments", () => {
  it("says cash on delivery once", () => {
    expect(paymentWords("cod", "Cash on delivery")).toBe("Cash on delivery");
    expect(paymentWords("cod", "Cash collected")).toBe("Cash collected");
    expect(paymentWords("cod", "Not paid: the parcel was refused")).toBe(
      "Cash on delivery · Not paid: the parcel was refused",
    );
    expect(paymentWords("online", "Paid")).toBe("Online · Paid");
  });

  it("derives the order's status from the payments it kept, never from one going back", () => {
    const paid = { method: "online" as const, kept: 1, status: "paid" };
    const secondGoingBack = { method: "online" as const, kept: 0, status: "refunding" };
    expect(derivePaymentStatus("paid", [paid, secondGoingBack])).toBe("paid");
    expect(derivePaymentStatus("paid", [{ ...paid, status: "refunding" }, secondGoingBack])).toBe("refunding");
    expect(derivePaymentStatus("paid", [{ ...paid, status: "refunded" }])).toBe("refunded");
    expect(derivePaymentStatus("awaiting", [])).toBe("awaiting");
    expect(derivePaymentStatus("cod-due", [{ method: "cash", kept: 1, status: "collected" }])).toBe("cod-collected");
    expect(derivePaymentStatus("cod-collected", [{ method: "cash", kept: 1, status: "remitted" }])).toBe(
      "cod-remitted",
    );
  });
});
