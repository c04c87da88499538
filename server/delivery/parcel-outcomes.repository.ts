import type { Executor } from "../db/schema.ts";

/*
 * How finished parcels ended at each pincode (record 43): one row per order, delivered or back to
 * the shop, with whether cash was to be collected.
 */

/** An order's parcel finished; a second report of the same order changes nothing. */
export async function insertParcelOutcome(
  executor: Executor,
  outcome: { orderId: number; pincode: string; cod: boolean; outcome: "delivered" | "rto"; finishedAt: number },
): Promise<void> {
  await executor
    .insertInto("parcelOutcomes")
    .values({ ...outcome, cod: outcome.cod ? 1 : 0 })
    .onConflict((conflict) => conflict.column("orderId").doNothing())
    .execute();
}

export type PincodeOutcomes = {
  pincode: string;
  parcels: number;
  rto: number;
  codParcels: number;
  codRto: number;
};

const counts = (executor: Executor, since: number) =>
  executor
    .selectFrom("parcelOutcomes")
    .select((eb) => [
      "pincode",
      eb.fn.countAll<number | string>().as("parcels"),
      eb.fn.sum<number | string | null>(eb.case().when("outcome", "=", "rto").then(1).else(0).end()).as("rto"),
      eb.fn.sum<number | string | null>("cod").as("codParcels"),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb("outcome", "=", "rto"), eb("cod", "=", 1)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("codRto"),
    ])
    .where("finishedAt", ">=", since)
    .groupBy("pincode");

function asOutcomes(row: {
  pincode: string;
  parcels: number | string;
  rto: number | string | null;
  codParcels: number | string | null;
  codRto: number | string | null;
}): PincodeOutcomes {
  return {
    pincode: row.pincode,
    parcels: Number(row.parcels),
    rto: Number(row.rto ?? 0),
    codParcels: Number(row.codParcels ?? 0),
    codRto: Number(row.codRto ?? 0),
  };
}

/** One pincode's parcels finished since then. */
export async function pincodeOutcomes(executor: Executor, pincode: string, since: number): Promise<PincodeOutcomes> {
  const row = await counts(executor, since).where("pincode", "=", pincode).executeTakeFirst();
  return row ? asOutcomes(row) : { pincode, parcels: 0, rto: 0, codParcels: 0, codRto: 0 };
}

/** The pincodes with parcels back to the shop since then, most returned first. */
export async function pincodesWithReturns(executor: Executor, since: number, limit: number, offset: number) {
  const rows = await counts(executor, since)
    .having((eb) => eb.fn.sum(eb.case().when("outcome", "=", "rto").then(1).else(0).end()), ">", 0)
    .orderBy((eb) => eb.fn.sum(eb.case().when("outcome", "=", "rto").then(1).else(0).end()), "desc")
    .orderBy("pincode")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(asOutcomes);
}
