import { sql } from "kysely";
import { engineOf } from "../db/database.ts";
import type { Executor } from "../db/schema.ts";

/**
 * The next number of a series in a financial year, in the caller's transaction. The upsert takes
 * the counter's row lock until that transaction ends, so concurrent orders queue for it one after
 * another (PostgreSQL) or are already one at a time (SQLite's single writer); a transaction that
 * rolls back takes its number back with it, so the series has no gaps.
 */
export async function nextDocumentNumber(executor: Executor, series: string, financialYear: string): Promise<number> {
  const result = await sql<{ lastNumber: number | string }>`
    insert into document_counters (series, financial_year, last_number) values (${series}, ${financialYear}, 1)
    on conflict (series, financial_year) do update set last_number = document_counters.last_number + 1
    returning last_number`.execute(executor);
  const value = result.rows[0]?.lastNumber;
  if (value === undefined) throw new Error(`No number was issued in series ${series}.`);
  return Number(value);
}

/**
 * The next invoice number of a series, written on the order, in the caller's transaction. On
 * PostgreSQL both happen in one statement: the counter's row lock is held from here to the commit,
 * and every round trip in between would hold every other order (record 18). `prefix` is the number
 * before its six-digit serial ("KS/26-27/"); the caller checks the serial fitted.
 */
export async function numberOrderInvoice(
  executor: Executor,
  orderId: number,
  counter: { series: string; financialYear: string; prefix: string },
): Promise<{ serial: number; invoiceNumber: string }> {
  if (engineOf(executor) !== "postgres") {
    const serial = await nextDocumentNumber(executor, counter.series, counter.financialYear);
    const invoiceNumber = `${counter.prefix}${String(serial).padStart(6, "0")}`;
    await executor.updateTable("orders").set({ invoiceNumber }).where("id", "=", orderId).execute();
    return { serial, invoiceNumber };
  }
  const result = await sql<{ serial: number | string; invoiceNumber: string }>`
    with counter as (
      insert into document_counters (series, financial_year, last_number)
      values (${counter.series}, ${counter.financialYear}, 1)
      on conflict (series, financial_year) do update set last_number = document_counters.last_number + 1
      returning last_number
    )
    update orders set invoice_number = ${counter.prefix} || lpad(counter.last_number::text, 6, '0')
    from counter where orders.id = ${orderId}
    returning counter.last_number as serial, orders.invoice_number`.execute(executor);
  const row = result.rows[0];
  if (!row) throw new Error(`Order ${orderId} could not be given an invoice number.`);
  return { serial: Number(row.serial), invoiceNumber: row.invoiceNumber };
}
