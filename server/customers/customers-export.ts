import type { Actor } from "#core/actor.ts";
import { indiaDay } from "#core/dates.ts";
import { rupeeDecimal } from "#core/money.ts";
import { assertCan } from "../access.ts";
import type { CsvRow } from "../csv/csv-writer.ts";
import type { Db } from "../db/schema.ts";
import { buyersPage } from "../orders/buyers.service.ts";
import { refundsByBuyerEmail } from "../returns/returns-for-staff.ts";
import { readCustomerSearch } from "./customers.service.ts";

/*
 * The customers file (record 45): a row per customer as the list shows them (the same search), with
 * what they spent, the refunds credited on their returns and the difference, their lifetime value.
 * Read a page at a time; written through the one CSV writer.
 */

export const CUSTOMERS_CSV_HEADER: CsvRow = [
  "Name",
  "E-mail",
  "Mobile",
  "Account",
  "Orders",
  "Spent",
  "Refunded",
  "Lifetime value",
  "First order",
  "Last order",
];

const A_PAGE = 500;

/** The file's rows as they are read, header first; the permission is checked when it is asked for. */
export function customersCsvRows(db: Db, actor: Actor, q: string | undefined): AsyncGenerator<CsvRow> {
  assertCan(actor, "customers.export");
  const search = readCustomerSearch(q);
  return (async function* rows() {
    yield CUSTOMERS_CSV_HEADER;
    for (let offset = 0; ; offset += A_PAGE) {
      const page = await buyersPage(db, search, A_PAGE, offset);
      const refunds = await refundsByBuyerEmail(
        db,
        actor,
        page.map((row) => row.emailKey),
      );
      for (const row of page) yield customerRow(row, refunds.get(row.emailKey) ?? 0);
      if (page.length < A_PAGE) return;
    }
  })();
}

function customerRow(row: Awaited<ReturnType<typeof buyersPage>>[number], refunded: number): CsvRow {
  const spent = Number(row.spent ?? 0);
  return [
    String(row.name ?? ""),
    String(row.email ?? ""),
    String(row.phone ?? ""),
    row.userId ? "yes" : "no",
    Number(row.orders),
    rupeeDecimal(spent),
    rupeeDecimal(refunded),
    rupeeDecimal(Math.max(0, spent - refunded)),
    indiaDay(Number(row.firstAt)),
    indiaDay(Number(row.lastAt)),
  ];
}
