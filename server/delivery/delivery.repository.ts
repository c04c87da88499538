import type { Executor } from "../db/schema.ts";
import type { Day } from "./delivery-days.ts";

/** A pincode on the courier's list. */
export type ServiceableRow = {
  pincode: string;
  prepaid: boolean;
  cod: boolean;
  reversePickup: boolean;
  minDays: number;
  maxDays: number;
};

export async function findServiceablePincode(db: Executor, pincode: string): Promise<ServiceableRow | undefined> {
  const row = await db.selectFrom("serviceablePincodes").selectAll().where("pincode", "=", pincode).executeTakeFirst();
  return row && { ...row, prepaid: row.prepaid === 1, cod: row.cod === 1, reversePickup: row.reversePickup === 1 };
}

export async function countServiceablePincodes(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("serviceablePincodes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The courier's list replaced by another, in batches (the caller's transaction makes it all or nothing). */
export async function replaceServiceablePincodes(db: Executor, rows: readonly ServiceableRow[]): Promise<void> {
  await db.deleteFrom("serviceablePincodes").execute();
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("serviceablePincodes")
      .values(
        rows.slice(start, start + 500).map((row) => ({
          ...row,
          prepaid: row.prepaid ? 1 : 0,
          cod: row.cod ? 1 : 0,
          reversePickup: row.reversePickup ? 1 : 0,
        })),
      )
      .execute();
  }
}

export async function listHolidays(db: Executor): Promise<{ day: Day; name: string }[]> {
  return db.selectFrom("deliveryHolidays").select(["day", "name"]).orderBy("day").execute();
}

/** Adds a holiday, or renames the one on that day. */
export async function saveHoliday(db: Executor, day: Day, name: string): Promise<void> {
  await db
    .insertInto("deliveryHolidays")
    .values({ day, name })
    .onConflict((conflict) => conflict.column("day").doUpdateSet({ name }))
    .execute();
}

export async function deleteHoliday(db: Executor, day: Day): Promise<number> {
  const result = await db.deleteFrom("deliveryHolidays").where("day", "=", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertOrderPromise(
  db: Executor,
  promise: { orderId: number; zone: string; promisedFrom: Day; promisedUntil: Day },
): Promise<void> {
  await db.insertInto("orderDeliveryPromises").values(promise).execute();
}

export async function findOrderPromise(db: Executor, orderId: number) {
  return db
    .selectFrom("orderDeliveryPromises")
    .select(["zone", "promisedFrom", "promisedUntil"])
    .where("orderId", "=", orderId)
    .executeTakeFirst();
}

/** Delivered orders with their promise, the moment they were placed and the moment they were delivered. */
export async function deliveredAgainstPromise(db: Executor, since: number) {
  return db
    .selectFrom("orderDeliveryPromises as promise")
    .innerJoin("orders", "orders.id", "promise.orderId")
    .innerJoin("orderStatusHistory as delivered", (join) =>
      join.onRef("delivered.orderId", "=", "orders.id").on("delivered.toStatus", "=", "delivered"),
    )
    .select([
      "promise.zone",
      "promise.promisedFrom",
      "promise.promisedUntil",
      "orders.createdAt",
      "delivered.at as deliveredAt",
    ])
    .where("orders.createdAt", ">=", since)
    .execute();
}

export async function saveDeliveryPincode(db: Executor, userId: string, pincode: string): Promise<void> {
  await db.updateTable("users").set({ deliveryPincode: pincode }).where("id", "=", userId).execute();
}

export async function findDeliveryPincode(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select(["deliveryPincode", "pincode"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.deliveryPincode ?? row?.pincode ?? null;
}
