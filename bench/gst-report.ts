/**
 * `npm run bench:gst-report -- [--invoices 100000]`: how long the month's GSTR-1 takes (the report on
 * screen, its CSV and the offline tool's JSON) for a month of N invoices: a tenth to business buyers,
 * a twentieth large inter-state, the rest small, about one in eight cancelled with a credit note in the
 * month. SQLite, and PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { gstReport } from "#server/invoices/gst-report.service.ts";
import { gstReportCsv } from "#server/invoices/gst-report-files.ts";
import { gstr1Json } from "#server/invoices/gstr1-json.ts";
import { draftInvoice } from "#server/invoices/invoicing.ts";
import { gstinCheckCharacter } from "#server/tax/gstin.ts";
import { DEMO_SELLER } from "#server/tax/seller.ts";
import { actorFor } from "#server/testing/factories.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

const at = process.argv.indexOf("--invoices");
const INVOICES = Number(at >= 0 ? process.argv[at + 1] : 100_000);
const MONTH_START = Date.UTC(2026, 5, 1) - 330 * 60_000;
const BUYER_GSTIN = `27AAACR5055K1Z${gstinCheckCharacter("27AAACR5055K1Z")}`;

type Kind = { stateCode: string; price: number; gstin: string | null };
const KINDS: Kind[] = [
  { stateCode: "27", price: 249_900, gstin: null },
  { stateCode: "19", price: 189_900, gstin: null },
  { stateCode: "27", price: 349_900, gstin: null },
  { stateCode: "29", price: 89_900, gstin: null },
];
const kindOf = (i: number): Kind => {
  if (i % 10 === 3) return { stateCode: "27", price: 499_900, gstin: BUYER_GSTIN };
  if (i % 20 === 7) return { stateCode: "19", price: 1_20_000_00, gstin: null };
  return KINDS[i % KINDS.length] ?? { stateCode: "27", price: 249_900, gstin: null };
};

/** A month of invoices written straight into the tables, in batches, with the shop's own tax rows. */
async function loadMonth(db: Db, count: number): Promise<void> {
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const kind = kindOf(i);
        const when = MONTH_START + Math.floor((i / count) * 28 * 86_400_000);
        const invoice = draftInvoice(
          {
            lines: [{ title: "Kurta set", size: "M", hsn: "6204", unitPrice: kind.price, quantity: 1 }],
            points: 0,
            shipping: 10_000,
            stateCode: kind.stateCode,
          },
          DEMO_SELLER,
          when,
        );
        const cancelled = i % 20 === 11 || i % 20 === 13 || i % 40 === 7;
        const { id } = await trx
          .insertInto("orders")
          .values({
            orderNumber: `KS-${1_000_000 + i}`,
            paymentRef: `pay_bench_${i}`,
            userId: null,
            accessToken: `bench-token-${i}`,
            idempotencyKey: `bench-key-${i}`,
            requestFingerprint: "bench",
            email: "buyer@example.com",
            name: "Asha Verma",
            address: "1 Hill Road",
            city: "Mumbai",
            stateCode: kind.stateCode,
            pincode: "400050",
            phone: "9820012345",
            status: cancelled ? "cancelled" : "placed",
            subtotal: kind.price,
            shipping: 10_000,
            pointsRedeemed: 0,
            pointsEarned: 0,
            total: kind.price + 10_000,
            itemCount: 1,
            createdAt: when,
            updatedAt: when,
            invoiceNumber: `KS/26-27/${String(i + 1).padStart(6, "0")}`,
            invoiceDate: when,
            supplyType: invoice.supplyType,
            seller: invoice.seller,
            creditNoteNumber: cancelled ? `CN/26-27/${String(i + 1).padStart(6, "0")}` : null,
            creditNoteDate: cancelled ? when + 3_600_000 : null,
            buyerGstin: kind.gstin,
            buyerLegalName: kind.gstin ? "Rao Uniforms LLP" : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("orderTaxLines")
          .values(invoice.rows.map((row) => ({ ...row, orderId: id })))
          .execute();
      }
    });
  }
}

async function measure(db: Db, label: string): Promise<void> {
  const started = performance.now();
  await loadMonth(db, INVOICES);
  console.log(
    `${label}: ${INVOICES.toLocaleString("en-IN")} invoices loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const times: { report: number; files: number }[] = [];
  const admin = actorFor({ id: "admin", email: "owner@example.com" }, "admin");
  let report = await gstReport(db, admin, "2026-06");
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    report = await gstReport(db, admin, "2026-06");
    const t1 = performance.now();
    gstReportCsv(report);
    JSON.stringify(gstr1Json(report, DEMO_SELLER.gstin));
    times.push({ report: t1 - t0, files: performance.now() - t1 });
  }
  times.sort((a, b) => a.report - b.report);
  const median = times[1] ?? times[0];
  console.log(
    `  GSTR-1 for the month: ${median?.report.toFixed(0)} ms (median of 3; min ${times[0]?.report.toFixed(0)}, max ${times[2]?.report.toFixed(0)}); CSV and JSON ${median?.files.toFixed(0)} ms`,
  );
  console.log(
    `  tables: B2B ${report.b2b.length}, B2CL ${report.b2cl.length}, B2CS rows ${report.b2cs.length}, CDNR ${report.cdnr.length}, CDNUR ${report.cdnur.length}, HSN rows ${report.hsnB2b.length + report.hsnB2c.length}`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-gst-"));
const sqlite = openDatabase(`file:${path.join(dir, "shop.db")}`);
try {
  await migrateToLatest(sqlite.db);
  await measure(sqlite.db, "SQLite");
} finally {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const scratch = await createScratchSchema(postgresUrl, "bench_gst");
  const postgres = openDatabase(scratch.url);
  try {
    await migrateToLatest(postgres.db);
    await measure(postgres.db, "PostgreSQL");
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
