import { sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { engineOf } from "./database.ts";
import * as catalog from "./migrations/0001_catalog.ts";
import * as accounts from "./migrations/0002_accounts.ts";
import * as commerce from "./migrations/0003_commerce.ts";
import * as listingFilterIndexes from "./migrations/0004_listing_filter_indexes.ts";
import * as searchIndex from "./migrations/0005_search_index.ts";
import * as loginFailureSweep from "./migrations/0006_login_failure_sweep.ts";
import * as orderNumberRequired from "./migrations/0007_order_number_required.ts";
import * as productHsnAndWords from "./migrations/0008_product_hsn_and_words.ts";
import * as mailAndIdentity from "./migrations/0009_mail_and_identity.ts";
import * as gstInvoices from "./migrations/0010_gst_invoices.ts";
import * as catalogVersion from "./migrations/0011_catalog_version.ts";
import * as orderEventIds from "./migrations/0012_order_event_ids.ts";
import * as pendingPointsAndBusinessBuyers from "./migrations/0013_pending_points_and_business_buyers.ts";
import * as ewayBills from "./migrations/0014_eway_bills.ts";
import * as documentDatesInStep from "./migrations/0015_document_dates_in_step.ts";
import * as sharedLimits from "./migrations/0016_shared_limits.ts";
import * as shipmentAndCancellation from "./migrations/0017_shipment_and_cancellation.ts";
import * as onlinePayments from "./migrations/0018_online_payments.ts";
import * as fullTextSearch from "./migrations/0019_full_text_search.ts";
import * as deliveryByPincode from "./migrations/0020_delivery_by_pincode.ts";
import * as reviewsAndSizeGuides from "./migrations/0021_reviews_and_size_guides.ts";
import * as returnsAndStoreCredit from "./migrations/0022_returns_and_store_credit.ts";
import * as offers from "./migrations/0023_offers.ts";
import * as exchangeInvoices from "./migrations/0024_exchange_invoices.ts";
import * as storeCreditAtCheckout from "./migrations/0025_store_credit_at_checkout.ts";
import * as returnedToOrigin from "./migrations/0026_returned_to_origin.ts";
import * as moneyPerPayment from "./migrations/0027_money_per_payment.ts";
import * as helpfulVotesFromAccounts from "./migrations/0028_helpful_votes_from_accounts.ts";
import * as roundOffAndPointsOwed from "./migrations/0029_round_off_and_points_owed.ts";
import * as searchWordsAndOrderSearch from "./migrations/0030_search_words_and_order_search.ts";
import * as exchangeShipmentAndLedgerReturns from "./migrations/0031_exchange_shipment_and_ledger_returns.ts";
import * as shipments from "./migrations/0033_shipments.ts";
import * as phoneSignInAndMessaging from "./migrations/0034_phone_sign_in_and_messaging.ts";
import * as courierFulfilment from "./migrations/0037_courier_fulfilment.ts";
import * as phoneWiring from "./migrations/0038_phone_wiring.ts";
import * as staffAndAudit from "./migrations/0039_staff_and_audit.ts";
import * as orderIndex from "./migrations/0040_order_index.ts";
import * as variantsAndStockMovements from "./migrations/0041_variants_and_stock_movements.ts";
import * as productParcels from "./migrations/0046_product_parcels.ts";
import * as languages from "./migrations/0047_languages.ts";
import * as oneOrderLanguage from "./migrations/0048_one_order_language.ts";
import type { Db } from "./schema.ts";

/**
 * Every migration, in order. Listed by hand rather than read from the folder so that the same code
 * works when bundled into the server build.
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001_catalog": catalog,
  "0002_accounts": accounts,
  "0003_commerce": commerce,
  "0004_listing_filter_indexes": listingFilterIndexes,
  "0005_search_index": searchIndex,
  "0006_login_failure_sweep": loginFailureSweep,
  "0007_order_number_required": orderNumberRequired,
  "0008_product_hsn_and_words": productHsnAndWords,
  "0009_mail_and_identity": mailAndIdentity,
  "0010_gst_invoices": gstInvoices,
  "0011_catalog_version": catalogVersion,
  "0012_order_event_ids": orderEventIds,
  "0013_pending_points_and_business_buyers": pendingPointsAndBusinessBuyers,
  "0014_eway_bills": ewayBills,
  "0015_document_dates_in_step": documentDatesInStep,
  "0016_shared_limits": sharedLimits,
  "0017_shipment_and_cancellation": shipmentAndCancellation,
  "0018_online_payments": onlinePayments,
  "0019_full_text_search": fullTextSearch,
  "0020_delivery_by_pincode": deliveryByPincode,
  "0021_reviews_and_size_guides": reviewsAndSizeGuides,
  "0022_returns_and_store_credit": returnsAndStoreCredit,
  "0023_offers": offers,
  "0024_exchange_invoices": exchangeInvoices,
  "0025_store_credit_at_checkout": storeCreditAtCheckout,
  "0026_returned_to_origin": returnedToOrigin,
  "0027_money_per_payment": moneyPerPayment,
  "0028_helpful_votes_from_accounts": helpfulVotesFromAccounts,
  "0029_round_off_and_points_owed": roundOffAndPointsOwed,
  "0030_search_words_and_order_search": searchWordsAndOrderSearch,
  "0031_exchange_shipment_and_ledger_returns": exchangeShipmentAndLedgerReturns,
  "0033_shipments": shipments,
  "0034_phone_sign_in_and_messaging": phoneSignInAndMessaging,
  "0037_courier_fulfilment": courierFulfilment,
  "0038_phone_wiring": phoneWiring,
  "0039_staff_and_audit": staffAndAudit,
  "0040_order_index": orderIndex,
  "0041_variants_and_stock_movements": variantsAndStockMovements,
  "0046_product_parcels": productParcels,
  "0047_languages": languages,
  "0048_one_order_language": oneOrderLanguage,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** Brings the schema up to date; forward-only. Throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Migrations name columns in snake_case themselves, so they run without the camelCase mapping.
  // The bookkeeping tables live in the schema the shop works in, so that several shops (or test
  // runs) can share one PostgreSQL database in schemas of their own.
  const schema = engineOf(db) === "postgres" ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db: db.withoutPlugins(), provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}

/** Brings the schema up to a named migration and no further: for tests of the migrations after it. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const schema = engineOf(db) === "postgres" ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db: db.withoutPlugins(), provider, migrationTableSchema: schema });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed: ${String(error)}`, { cause: error });
}

/**
 * Whether every migration this code knows has run. Read straight from the bookkeeping table in the
 * shop's own schema (the migrator's own check looks at every schema of the database).
 */
export async function migrationsAreCurrent(db: Db): Promise<boolean> {
  const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db.withoutPlugins());
  const done = new Set(result.rows.map((row) => row.name));
  return Object.keys(MIGRATIONS).every((name) => done.has(name));
}

// Any number the shop alone uses for this lock.
export const SCHEMA_LOCK = 727_274_001;

/**
 * Runs `work` while holding the shop's schema lock (a PostgreSQL advisory lock; SQLite needs
 * none). Nodes that start together take turns preparing the database, and a schema is never
 * dropped (tests, benchmarks) while a migrator reads the catalogue.
 */
export async function withSchemaLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (engineOf(db) !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SCHEMA_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(connection);
    }
  });
}

async function currentSchema(db: Db): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error("The PostgreSQL connection has no current schema (check search_path).");
  return schema;
}
