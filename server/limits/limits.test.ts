import { expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { failure } from "../testing/app-error.ts";
import { uniqueAddress, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { countOrRefuse, countUse, FLOOD_MESSAGE, floodLimit, guardFlood, type Limit } from "./limits.service.ts";

/** Runs every call at once and counts how many were let through. */
async function admittedOf(calls: Promise<unknown>[]): Promise<{ admitted: number; refused: string[] }> {
  const outcomes = await Promise.allSettled(calls);
  const refused = outcomes.flatMap((outcome) =>
    outcome.status === "rejected" ? [(outcome.reason as { code?: string }).code ?? String(outcome.reason)] : [],
  );
  return { admitted: outcomes.length - refused.length, refused };
}

describeEachDatabase("limits counted in the database", (database) => {
  it("admits exactly the limit from a burst sent at once over two connections, as two workers would", async () => {
    const { db, url } = database();
    // A second connection to the same database, as a second worker (or node) holds.
    const other = openDatabase(url);
    try {
      const limit: Limit = { action: "test-burst", subject: uniqueWord(), max: 5, windowMs: 60_000 };
      const now = Date.now();
      const { admitted, refused } = await admittedOf(
        Array.from({ length: 40 }, (_, index) =>
          countOrRefuse(index % 2 === 0 ? db : other.db, [limit], () => "full", now),
        ),
      );
      expect(admitted).toBe(5);
      expect(new Set(refused)).toEqual(new Set(["too-many-requests"]));
    } finally {
      await other.close();
    }
  });

  it("counts a use against all of its limits or none, and opens again when the oldest leaves the window", async () => {
    const { db } = database();
    const wide: Limit = { action: "test-wide", subject: uniqueWord(), max: 3, windowMs: 60_000 };
    const narrow: Limit = { action: "test-narrow", subject: uniqueWord(), max: 1, windowMs: 60_000 };
    const start = Date.now();
    await countOrRefuse(db, [wide, narrow], () => "full", start);
    const refused = await failure(countOrRefuse(db, [wide, narrow], (minutes) => `in ${minutes}`, start + 1_000));
    expect(refused).toEqual({ code: "too-many-requests", message: "in 1" });
    // The refused use was not counted against the wide limit: two more fit.
    await countOrRefuse(db, [wide], () => "full", start + 2_000);
    await countOrRefuse(db, [wide], () => "full", start + 3_000);
    expect((await failure(countOrRefuse(db, [wide], () => "full", start + 4_000))).code).toBe("too-many-requests");
    await countOrRefuse(db, [wide, narrow], () => "full", start + 60_001);
  });

  it("refuses to count outside a transaction, where the check and the count could be split", async () => {
    const { db } = database();
    const limit: Limit = { action: "test-outside", subject: uniqueWord(), max: 1, windowMs: 1_000 };
    await expect(countUse(db, [limit], Date.now())).rejects.toThrow(/inside a transaction/);
  });

  it("holds the flood guard of checkouts at its limit for one address over two connections", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const ip = uniqueAddress();
      const now = Date.now();
      const { max } = floodLimit("checkout", ip);
      const { admitted, refused } = await admittedOf(
        Array.from({ length: max + 20 }, (_, index) =>
          guardFlood(index % 2 === 0 ? db : other.db, "checkout", ip, now),
        ),
      );
      expect(admitted).toBe(max);
      expect(refused).toHaveLength(20);
      expect((await failure(guardFlood(db, "checkout", ip, now))).message).toBe(FLOOD_MESSAGE);
      // Another address has its own count.
      await guardFlood(db, "checkout", uniqueAddress(), now);
    } finally {
      await other.close();
    }
  });
});
