import { sql } from "kysely";
import { engineOf } from "../db/database.ts";
import type { Executor } from "../db/schema.ts";

/** A document's serial in its series and year, and its date: never before the series' last one. */
export type IssuedDocument = { serial: number; date: number };

/**
 * Advances a series' counter: the next serial, and the date of the document it numbers, which is
 * `now` or, if the series already issued a document later than that, that document's time. Both are
 * taken in this one statement, under the counter's row lock, so numbers and dates go up together.
 */
function advanceCounter(series: string, financialYear: string, now: number) {
  return sql`
    insert into document_counters (series, financial_year, last_number, last_issued_at)
    values (${series}, ${financialYear}, 1, ${now})
    on conflict (series, financial_year) do update set
      last_number = document_counters.last_number + 1,
      last_issued_at = case when excluded.last_issued_at > document_counters.last_issued_at
        then excluded.last_issued_at else document_counters.last_issued_at end
    returning last_number, last_issued_at`;
}

/**
 * The next number of a series in a financial year and its date, in the caller's transaction. The
 * upsert takes the counter's row lock until that transaction ends, so concurrent orders queue for
 * it one after another (PostgreSQL) or are already one at a time (SQLite's single writer); a
 * transaction that rolls back takes its number back with it, so the series has no gaps.
 */
export async function nextDocumentNumber(
  executor: Executor,
  series: string,
  financialYear: string,
  now: number,
): Promise<IssuedDocument> {
  const result = await advanceCounter(series, financialYear, now).execute(executor);
  const row = result.rows[0] as { lastNumber: number | string; lastIssuedAt: number | string } | undefined;
  if (!row) throw new Error(`No number was issued in series ${series}.`);
  return { serial: Number(row.lastNumber), date: Number(row.lastIssuedAt) };
}

/**
 * The next invoice number of a series and its date, written on the order, in the caller's
 * transaction. On PostgreSQL both happen in one statement: the counter's row lock is held from here
 * to the commit, and every round trip in between would hold every other order (record 18).
 * `prefix` is the number before its six-digit serial ("KS/26-27/"); the caller checks the serial
 * fitted.
 */
export async function numberOrderInvoice(
  executor: Executor,
  orderId: number,
  counter: { series: string; financialYear: string; prefix: string; now: number },
): Promise<IssuedDocument & { invoiceNumber: string }> {
  if (engineOf(executor) !== "postgres") {
    const issued = await nextDocumentNumber(executor, counter.series, counter.financialYear, counter.now);
    const invoiceNumber = `${counter.prefix}${String(issued.serial).padStart(6, "0")}`;
    await executor
      .updateTable("orders")
      .set({ invoiceNumber, invoiceDate: issued.date })
      .where("id", "=", orderId)
      .execute();
    return { ...issued, invoiceNumber };
  }
  const result = await sql<{ serial: number | string; date: number | string; invoiceNumber: string }>`
    with counter as (${advanceCounter(counter.series, counter.financialYear, counter.now)})
    update orders set
      invoice_number = ${counter.prefix} || lpad(counter.last_number::text, 6, '0'),
      invoice_date = counter.last_issued_at
    from counter where orders.id = ${orderId}
    returning counter.last_number as serial, counter.last_issued_at as date, orders.invoice_number`.execute(executor);
  const row = result.rows[0];
  if (!row) throw new Error(`Order ${orderId} could not be given an invoice number.`);
  return { serial: Number(row.serial), date: Number(row.date), invoiceNumber: row.invoiceNumber };
}
