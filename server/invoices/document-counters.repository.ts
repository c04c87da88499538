import { sql } from "kysely";
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
