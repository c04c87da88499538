import { type Insertable, sql, type Updateable } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, ReturnCreditLinesTable, ReturnStatus, ReturnsTable } from "../db/schema.ts";

/**
 * Writes a request, unless the line already has one open: the unique index over open requests
 * decides between two tabs or two nodes, so one row is written and the other asker gets null.
 */
export async function insertReturn(executor: Executor, row: Insertable<ReturnsTable>): Promise<number | null> {
  try {
    const inserted = await executor.insertInto("returns").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  } catch (error) {
    // The caller's transaction is then given up (PostgreSQL aborts it), which is what a refusal wants.
    if (/unique|23505/i.test(`${(error as { code?: string }).code ?? ""} ${String(error)}`)) return null;
    throw error;
  }
}

export async function findReturn(executor: Executor, id: number) {
  return executor.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A return with its refund's progress (a gateway refund or a UPI transfer), if it has one. */
export async function findReturnWithRefund(executor: Executor, id: number) {
  return executor
    .selectFrom("returns")
    .leftJoin("paymentRefunds", "paymentRefunds.returnId", "returns.id")
    .selectAll("returns")
    .select("paymentRefunds.status as refundStatus")
    .where("returns.id", "=", id)
    .executeTakeFirst();
}

/**
 * Whether a product is marked as one that cannot be returned (the catalogue's editor sets it on the
 * product, record 30).
 */
export async function findNonReturnable(executor: Executor, productId: number): Promise<boolean> {
  const row = await executor
    .selectFrom("products")
    .select("nonReturnable")
    .where("id", "=", productId)
    .executeTakeFirst();
  return Boolean(row?.nonReturnable);
}

/** The order's returns, each with its refund's progress (a gateway refund or a UPI transfer), if any. */
export async function findReturnsOfOrder(executor: Executor, orderId: number) {
  return executor
    .selectFrom("returns")
    .leftJoin("paymentRefunds", "paymentRefunds.returnId", "returns.id")
    .selectAll("returns")
    .select(["paymentRefunds.status as refundStatus", "paymentRefunds.refundId as refundReference"])
    .where("returns.orderId", "=", orderId)
    .orderBy("returns.id")
    .execute();
}

/** Whether a request keeps this photo (the same picture sent twice is stored once). */
export async function photoInUse(executor: Executor, ref: string): Promise<boolean> {
  return Boolean(await executor.selectFrom("returns").select("id").where("photo", "=", ref).executeTakeFirst());
}

/** Pieces of a line already asked back and not refused. */
export async function claimedQuantity(executor: Executor, orderId: number, position: number): Promise<number> {
  const row = await executor
    .selectFrom("returns")
    .select(({ fn }) => fn.sum<number | string | null>("quantity").as("quantity"))
    .where("orderId", "=", orderId)
    .where("position", "=", position)
    .where("status", "!=", "rejected")
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

/** The money an order's refunds asked and not refused have taken or will take back, paise. */
export async function sumRefundsAsked(executor: Executor, orderId: number): Promise<number> {
  const row = await executor
    .selectFrom("returns")
    .select(({ fn }) => fn.sum<number | string | null>("amount").as("amount"))
    .where("orderId", "=", orderId)
    .where("kind", "=", "refund")
    .where("status", "!=", "rejected")
    .executeTakeFirst();
  return Number(row?.amount ?? 0);
}

/** Pieces of a line already credited by an earlier return's credit note. */
export async function creditedQuantity(executor: Executor, orderId: number, position: number): Promise<number> {
  const row = await executor
    .selectFrom("returns")
    .select(({ fn }) => fn.sum<number | string | null>("quantity").as("quantity"))
    .where("orderId", "=", orderId)
    .where("position", "=", position)
    .where("creditNoteNumber", "is not", null)
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

/**
 * Moves a request on only from the step it was seen at; of two clicks, one wins. The step writes
 * what it records with it: why it was rejected, or the replacement's parcel, and whether the
 * request is still open.
 */
export async function updateReturnIf(
  executor: Executor,
  id: number,
  from: ReturnStatus,
  to: ReturnStatus,
  at: number,
  fields: Pick<
    Updateable<ReturnsTable>,
    "rejectReason" | "open" | "courier" | "trackingNumber" | "expectedDeliveryAt" | "shippedAt"
  > = {},
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("returns")
      .set({ ...fields, status: to, updatedAt: at })
      .where("id", "=", id)
      .where("status", "=", from),
  );
}

/**
 * A return's two tax documents (record 30), each a number and date on the return and rows of one
 * shape in a table of its own: the credit note of the pieces that came back, and an exchange's
 * replacement invoice.
 */
export type ReturnDocument = "credit-note" | "exchange-invoice";

const DOCUMENT_COLUMNS = {
  "credit-note": { number: "creditNoteNumber", date: "creditNoteDate", lines: "returnCreditLines" },
  "exchange-invoice": { number: "exchangeInvoiceNumber", date: "exchangeInvoiceDate", lines: "exchangeInvoiceLines" },
} as const;

/** Gives a return one of its documents, once: false when it has it already. */
export async function setReturnDocument(
  executor: Executor,
  id: number,
  document: ReturnDocument,
  issued: { number: string; date: number },
) {
  const columns = DOCUMENT_COLUMNS[document];
  return changedOneRow(
    executor
      .updateTable("returns")
      .set({ [columns.number]: issued.number, [columns.date]: issued.date })
      .where("id", "=", id)
      .where(columns.number, "is", null),
  );
}

export async function insertDocumentLines(
  executor: Executor,
  document: ReturnDocument,
  rows: Insertable<ReturnCreditLinesTable>[],
) {
  if (rows.length > 0) await executor.insertInto(DOCUMENT_COLUMNS[document].lines).values(rows).execute();
}

export async function findDocumentLines(executor: Executor, document: ReturnDocument, returnId: number) {
  return executor
    .selectFrom(DOCUMENT_COLUMNS[document].lines)
    .selectAll()
    .where("returnId", "=", returnId)
    .orderBy("position")
    .execute();
}

/** What the order's returns have given back as store credit because the order was paid with it. */
export async function sumStoreCreditBack(executor: Executor, orderId: number): Promise<number> {
  const row = await executor
    .selectFrom("returns")
    .select(({ fn }) => fn.sum<number | string | null>("storeCreditBack").as("back"))
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  return Number(row?.back ?? 0);
}

export async function setStoreCreditBack(executor: Executor, id: number, amount: number): Promise<void> {
  await executor.updateTable("returns").set({ storeCreditBack: amount }).where("id", "=", id).execute();
}

/** The admin's queue: newest first, of one step or all. */
export async function findReturnQueue(executor: Executor, status: ReturnStatus | null, limit: number) {
  let query = executor
    .selectFrom("returns")
    .innerJoin("orders", "orders.id", "returns.orderId")
    .innerJoin("orderLines", (join) =>
      join.onRef("orderLines.orderId", "=", "returns.orderId").onRef("orderLines.position", "=", "returns.position"),
    )
    .leftJoin("paymentRefunds", "paymentRefunds.returnId", "returns.id")
    .selectAll("returns")
    .select([
      "orders.orderNumber",
      "orders.name",
      "orders.email",
      "orderLines.title",
      "orderLines.size",
      "orderLines.productId",
      "paymentRefunds.status as refundStatus",
      "paymentRefunds.refundId as refundReference",
    ]);
  if (status) query = query.where("returns.status", "=", status);
  return query.orderBy("returns.createdAt", "desc").orderBy("returns.id", "desc").limit(limit).execute();
}

/** How many pieces came back for each reason, by product and size. */
export async function countReturnReasons(executor: Executor) {
  const rows = await executor
    .selectFrom("returns")
    .innerJoin("orderLines", (join) =>
      join.onRef("orderLines.orderId", "=", "returns.orderId").onRef("orderLines.position", "=", "returns.position"),
    )
    .select([
      "orderLines.productId",
      "orderLines.title",
      "orderLines.size",
      "returns.reason",
      sql<number | string>`sum(returns.quantity)`.as("pieces"),
    ])
    .groupBy(["orderLines.productId", "orderLines.title", "orderLines.size", "returns.reason"])
    .orderBy("orderLines.productId")
    .orderBy("orderLines.size")
    .execute();
  return rows.map((row) => ({ ...row, pieces: Number(row.pieces) }));
}

/**
 * What the customers' pages count of returns over a set of orders: pieces sent back (requests not
 * rejected) and the value of the credit notes of refunds (an exchange's credit note is set off by
 * its replacement invoice, so it takes nothing off what the customer spent).
 */
export async function sumReturnsOfOrders(executor: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return { pieces: 0, refunded: 0 };
  const row = await executor
    .selectFrom("returns")
    .select([
      sql<number | string | null>`sum(case when status <> 'rejected' then quantity else 0 end)`.as("pieces"),
      sql<
        number | string | null
      >`sum(case when kind = 'refund' and credit_note_number is not null then amount else 0 end)`.as("refunded"),
    ])
    .where("orderId", "in", orderIds)
    .executeTakeFirstOrThrow();
  return { pieces: Number(row.pieces ?? 0), refunded: Number(row.refunded ?? 0) };
}

/** Refunds credited on returns, by the e-mail address the orders were placed with (lower case). */
export async function sumRefundsByEmail(executor: Executor, emailKeys: readonly string[]) {
  if (emailKeys.length === 0) return new Map<string, number>();
  const rows = await executor
    .selectFrom("returns")
    .innerJoin("orders", "orders.id", "returns.orderId")
    .select([sql<string>`lower(orders.email)`.as("emailKey"), sql<number | string>`sum(returns.amount)`.as("refunded")])
    .where("returns.kind", "=", "refund")
    .where("returns.creditNoteNumber", "is not", null)
    .where(sql`lower(orders.email)`, "in", emailKeys)
    .groupBy(sql`lower(orders.email)`)
    .execute();
  return new Map(rows.map((row) => [row.emailKey, Number(row.refunded)]));
}
