import { type Insertable, type Selectable, sql } from "kysely";
import { COLLECTION_FLAGS, type CollectionFlag } from "#core/collections.ts";
import type { Offer, OfferAction, OfferScope } from "#core/offers.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, OrderLineOffersTable, OrderOffersTable, PromotionsTable } from "../db/schema.ts";
import type { OfferInput } from "./offers.schemas.ts";

type OfferTableRow = Selectable<PromotionsTable>;

const optionalNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** A stored offer in the shop's vocabulary (epoch times come back from PostgreSQL as text). */
export function toOffer(row: OfferTableRow): Offer {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    action: JSON.parse(row.action) as OfferAction,
    scope: JSON.parse(row.scope) as OfferScope,
    minSubtotal: row.minSubtotal,
    firstOrderOnly: Number(row.firstOrderOnly) === 1,
    signedInOnly: Number(row.signedInOnly) === 1,
    startsAt: Number(row.startsAt),
    endsAt: optionalNumber(row.endsAt),
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinesWithCode: Number(row.combinesWithCode) === 1,
    uses: Number(row.uses),
    disabledAt: optionalNumber(row.disabledAt),
  };
}

function toRow(input: OfferInput) {
  return {
    name: input.name,
    codeKey: input.kind === "code" ? input.name : null,
    kind: input.kind,
    action: JSON.stringify(input.action),
    scope: JSON.stringify(input.scope),
    minSubtotal: input.minSubtotal,
    firstOrderOnly: input.firstOrderOnly ? 1 : 0,
    signedInOnly: input.signedInOnly ? 1 : 0,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    totalLimit: input.totalLimit,
    perCustomerLimit: input.perCustomerLimit,
    combinesWithCode: input.combinesWithCode ? 1 : 0,
  };
}

export async function insertOffer(executor: Executor, input: OfferInput, now: number): Promise<number> {
  const row = await executor
    .insertInto("promotions")
    .values({ ...toRow(input), createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOfferRow(executor: Executor, id: number, input: OfferInput, now: number) {
  return changedOneRow(
    executor
      .updateTable("promotions")
      .set({ ...toRow(input), updatedAt: now })
      .where("id", "=", id),
  );
}

/** Disables an offer at `at`, or enables it again (null). */
export async function setOfferDisabled(executor: Executor, id: number, at: number | null, now: number) {
  return changedOneRow(executor.updateTable("promotions").set({ disabledAt: at, updatedAt: now }).where("id", "=", id));
}

export async function findOffer(executor: Executor, id: number): Promise<Offer | null> {
  const row = await executor.selectFrom("promotions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOffer(row) : null;
}

/** Whether a code is taken by another offer than `exceptId`. */
export async function codeTaken(executor: Executor, code: string, exceptId: number | null): Promise<boolean> {
  let query = executor.selectFrom("promotions").select("id").where("codeKey", "=", code);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function findOfferByCode(executor: Executor, code: string): Promise<Offer | null> {
  const row = await executor.selectFrom("promotions").selectAll().where("codeKey", "=", code).executeTakeFirst();
  return row ? toOffer(row) : null;
}

/** Every offer, newest first, for the admin's list. */
export async function listOfferRows(executor: Executor): Promise<Offer[]> {
  const rows = await executor
    .selectFrom("promotions")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toOffer);
}

/** Automatic offers not disabled and not over by `now`: those live now and those still to start. */
export async function findCurrentAutomatic(executor: Executor, now: number): Promise<Offer[]> {
  const rows = await executor
    .selectFrom("promotions")
    .selectAll()
    .where("kind", "=", "automatic")
    .where("disabledAt", "is", null)
    .where((eb) => eb.or([eb("endsAt", "is", null), eb("endsAt", ">", now)]))
    .orderBy("id")
    .execute();
  return rows.map(toOffer);
}

/**
 * Takes one use of an offer for an order, only while it is enabled and under its total limit:
 * answers the uses now counted, or null when it could not. Check and count are one statement, so
 * of two orders racing for the last use one gets it.
 */
export async function takeUse(executor: Executor, id: number): Promise<number | null> {
  const row = await executor
    .updateTable("promotions")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", id)
    .where("disabledAt", "is", null)
    .where((eb) => eb.or([eb("totalLimit", "is", null), eb("uses", "<", eb.ref("totalLimit"))]))
    .returning("uses")
    .executeTakeFirst();
  return row ? Number(row.uses) : null;
}

/**
 * Takes one of a customer's uses of an offer, within `limit` (null: no limit). One upsert: two
 * tabs or nodes using a one-time code at once take the row's lock in turn, and the second finds the
 * limit reached.
 */
export async function takeCustomerUse(executor: Executor, id: number, customerKey: string, limit: number | null) {
  const result = await executor
    .insertInto("promotionCustomerUses")
    .values({ promotionId: id, customerKey, uses: 1 })
    .onConflict((conflict) => {
      const update = conflict
        .columns(["promotionId", "customerKey"])
        .doUpdateSet({ uses: sql`promotion_customer_uses.uses + 1` });
      return limit === null ? update : update.where("promotionCustomerUses.uses", "<", limit);
    })
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives back an order's use of an offer, and the customer's. */
export async function giveBackUse(executor: Executor, id: number, customerKey: string): Promise<void> {
  await executor
    .updateTable("promotions")
    .set((eb) => ({ uses: eb("uses", "-", 1) }))
    .where("id", "=", id)
    .where("uses", ">", 0)
    .execute();
  await executor
    .updateTable("promotionCustomerUses")
    .set((eb) => ({ uses: eb("uses", "-", 1) }))
    .where("promotionId", "=", id)
    .where("customerKey", "=", customerKey)
    .where("uses", ">", 0)
    .execute();
}

/** A customer's uses of these offers, by offer. */
export async function findCustomerUses(executor: Executor, ids: readonly number[], customerKey: string) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await executor
    .selectFrom("promotionCustomerUses")
    .select(["promotionId", "uses"])
    .where("promotionId", "in", ids)
    .where("customerKey", "=", customerKey)
    .execute();
  return new Map(rows.map((row) => [row.promotionId, row.uses]));
}

/** Whether the customer (by account or by e-mail) has an order that was not cancelled. */
export async function hasEarlierOrder(executor: Executor, customer: { userId: string | null; email: string }) {
  const row = await executor
    .selectFrom("orders")
    .select("id")
    .where("status", "!=", "cancelled")
    .where((eb) => {
      const byEmail = eb(eb.fn("lower", ["email"]), "=", customer.email.trim().toLowerCase());
      return customer.userId ? eb.or([eb("userId", "=", customer.userId), byEmail]) : byEmail;
    })
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOrderOffers(executor: Executor, rows: Insertable<OrderOffersTable>[]) {
  if (rows.length > 0) await executor.insertInto("orderOffers").values(rows).execute();
}

export async function insertOrderLineOffers(executor: Executor, rows: Insertable<OrderLineOffersTable>[]) {
  if (rows.length > 0) await executor.insertInto("orderLineOffers").values(rows).execute();
}

export async function findOrderOffers(executor: Executor, orderId: number) {
  return executor.selectFrom("orderOffers").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
}

export async function findOrderLineOffers(executor: Executor, orderId: number) {
  return executor.selectFrom("orderLineOffers").selectAll().where("orderId", "=", orderId).execute();
}

/** Marks an order's uses as given back, once: answers the rows this call released. */
export async function releaseOrderOffers(executor: Executor, orderId: number, now: number) {
  return executor
    .updateTable("orderOffers")
    .set({ releasedAt: now })
    .where("orderId", "=", orderId)
    .where("releasedAt", "is", null)
    .returning(["promotionId", "customerKey"])
    .execute();
}

/** The collections of these products, by product. */
export async function findProductCollections(executor: Executor, ids: readonly number[]) {
  const collections = new Map<number, CollectionFlag[]>();
  if (ids.length === 0) return collections;
  const rows = await executor
    .selectFrom("products")
    .select(["id", ...COLLECTION_FLAGS])
    .where("id", "in", [...new Set(ids)])
    .execute();
  for (const row of rows)
    collections.set(
      row.id,
      COLLECTION_FLAGS.filter((flag) => Number(row[flag]) === 1),
    );
  return collections;
}

export async function findCartCode(executor: Executor, owner: string): Promise<string | null> {
  const row = await executor.selectFrom("cartOfferCodes").select("code").where("owner", "=", owner).executeTakeFirst();
  return row?.code ?? null;
}

export async function keepCartCode(executor: Executor, owner: string, code: string, now: number): Promise<void> {
  await executor
    .insertInto("cartOfferCodes")
    .values({ owner, code, appliedAt: now })
    .onConflict((conflict) => conflict.column("owner").doUpdateSet({ code, appliedAt: now }))
    .execute();
}

export async function dropCartCode(executor: Executor, owner: string): Promise<number> {
  const result = await executor.deleteFrom("cartOfferCodes").where("owner", "=", owner).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The offers' share of an order line and the line's quantity; null when the line had no offer. */
export async function findLineOffer(executor: Executor, orderId: number, position: number) {
  return executor
    .selectFrom("orderLineOffers")
    .innerJoin("orderLines", (join) =>
      join
        .onRef("orderLines.orderId", "=", "orderLineOffers.orderId")
        .onRef("orderLines.position", "=", "orderLineOffers.position"),
    )
    .select(["orderLineOffers.discount", "orderLines.quantity"])
    .where("orderLineOffers.orderId", "=", orderId)
    .where("orderLineOffers.position", "=", position)
    .executeTakeFirst();
}
