/**
 * `npm run bench:order-index`: the back office's order index (/admin/orders) at 100,000 orders
 * (BENCH_ORDERS for another size), on SQLite, and on PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set. For each page it prints p50 and p95 of the whole service call a page
 * makes (its 50 rows and every tab's capped count) and the rows found, and the counts' share alone.
 *
 * The orders are written straight into the tables, newest last, as a shop's history: the newest
 * BENCH_IN_FLIGHT (default 5,000, a sale fortnight's) still under way (a tenth to confirm, three to
 * pack, two to ship, three with the courier, one whose delivery failed), and the older ones
 * settled: 80% delivered, 12% returned to origin (cash refused at the door; those of the last 2,000
 * still waiting to be checked in), 8% cancelled, with an open return on one delivered order in ten
 * of the newest 10,000. Every order that left has its
 * parcel (a shipment with an AWB). Set BENCH_IN_FLIGHT=50000 for a backlog of half the shop.
 * Bounded: RUNS timed runs per page (default 40) and at most BENCH_SECONDS (default 8) seconds per
 * page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { SYSTEM } from "#core/actor.ts";
import { ORDER_TABS, TAB_COUNT_CAP } from "#core/order-tabs.ts";
import { engineOf, openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db, OrderStatus, ShipmentsTable } from "#server/db/schema.ts";
import { countTabs } from "#server/orders/order-index.repository.ts";
import { orderIndexQuerySchema } from "#server/orders/order-index.schemas.ts";
import { orderIndex } from "#server/orders/order-index.service.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 5_000);
const BATCH = 500;

const CITIES: [string, string, string][] = [
  ["Mumbai", "27", "4000"],
  ["Delhi", "07", "1100"],
  ["Bengaluru", "29", "5600"],
  ["Chennai", "33", "6000"],
  ["Kolkata", "19", "7000"],
  ["Hyderabad", "36", "5000"],
  ["Pune", "27", "4110"],
  ["Ahmedabad", "24", "3800"],
  ["Jaipur", "08", "3020"],
  ["Lucknow", "09", "2260"],
];
const NAMES = ["Asha Verma", "Meena Raman", "Kavya Iyer", "Riya Shah", "Sana Khan", "Priya Nair", "Anjali Rao"];
const COURIERS = ["Delhivery", "Blue Dart", "Ekart", "Xpressbees"];

type Kind =
  | "to-confirm"
  | "to-pack-cash"
  | "to-pack-paid"
  | "to-ship"
  | "in-transit"
  | "failed"
  | "cancelled"
  | "returned"
  | "delivered";

/** Ten orders under way in a row, in the proportions above. */
const IN_FLIGHT_MIX: Kind[] = [
  "to-confirm",
  "to-pack-cash",
  "to-pack-paid",
  "to-pack-paid",
  "to-ship",
  "to-ship",
  "in-transit",
  "in-transit",
  "in-transit",
  "failed",
];

function kindOf(index: number): Kind {
  if (index >= ORDERS - IN_FLIGHT) return IN_FLIGHT_MIX[index % IN_FLIGHT_MIX.length] ?? "to-pack-paid";
  const settled = index % 25;
  if (settled < 2) return "cancelled";
  return settled < 5 ? "returned" : "delivered";
}

/** An open return on one delivered order in ten of the newest 10,000. */
const hasOpenReturn = (index: number) => kindOf(index) === "delivered" && index >= ORDERS - 10_000 && index % 10 === 0;

const STATUS_OF: Record<Kind, OrderStatus> = {
  "to-confirm": "placed",
  "to-pack-cash": "placed",
  "to-pack-paid": "placed",
  "to-ship": "placed",
  "in-transit": "shipped",
  failed: "shipped",
  cancelled: "cancelled",
  returned: "returned-to-origin",
  delivered: "delivered",
};

const PARCEL_OF: Partial<Record<Kind, ShipmentsTable["status"]>> = {
  "in-transit": "in-transit",
  failed: "delivery-failed",
  returned: "rto-delivered",
  delivered: "delivered",
};

/** The first order from `from` on of a kind with a parcel (for a search by AWB). */
function firstWithParcel(from: number): number {
  let index = from;
  while (!PARCEL_OF[kindOf(index)]) index++;
  return index;
}

const numberOf = (index: number) => 100_001 + index;
const phoneOf = (index: number) => `98${String(numberOf(index)).padStart(8, "0")}`;
const awbOf = (index: number) => `AWB${String(numberOf(index)).padStart(10, "0")}`;

function orderRow(index: number, kind: Kind, now: number) {
  const [city, stateCode, pin] = CITIES[index % CITIES.length] ?? ["Mumbai", "27", "4000"];
  const number = numberOf(index);
  const cash =
    kind === "to-confirm" ||
    kind === "to-pack-cash" ||
    kind === "returned" ||
    (kind !== "to-pack-paid" && index % 3 === 0);
  const at = now - (ORDERS - index) * 60_000;
  return {
    orderNumber: `KS-${number}`,
    paymentRef: `pay_bench${number}`,
    accessToken: `token${number}`,
    idempotencyKey: `key${number}`,
    requestFingerprint: "bench",
    email: `buyer${number}@mail.in`,
    name: NAMES[index % NAMES.length] ?? "Asha Verma",
    address: "Flat 7, Palm Court, Linking Road",
    city,
    stateCode,
    pincode: `${pin}${String(Math.floor(index / CITIES.length) % 100).padStart(2, "0")}`,
    phone: phoneOf(index),
    status: STATUS_OF[kind],
    paymentMethod: cash ? "cod" : "online",
    paymentStatus: cash
      ? kind === "delivered"
        ? ("cod-collected" as const)
        : ("cod-due" as const)
      : ("paid" as const),
    confirmedAt: cash && kind !== "to-confirm" ? at + 3_600_000 : null,
    packedAt: kind === "to-ship" || PARCEL_OF[kind] ? at + 7_200_000 : null,
    subtotal: 149_900,
    shipping: 0,
    pointsEarned: 0,
    pointsRedeemed: 0,
    total: 149_900,
    itemCount: 1,
    // Parcels refused at the door in the last 2,000 settled orders are back, waiting to be checked in.
    awaitingCheckIn: kind === "returned" && index >= ORDERS - IN_FLIGHT - 2_000 ? 1 : 0,
    checkedInAt: kind === "returned" && index < ORDERS - IN_FLIGHT - 2_000 ? at + 10 * 86_400_000 : null,
    createdAt: at,
    updatedAt: at,
  };
}

async function loadOrders(db: Db): Promise<{ loadedIn: number }> {
  const start = performance.now();
  const now = Date.now();
  for (let first = 0; first < ORDERS; first += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, ORDERS - first) }, (_, n) => first + n);
    const kinds = indexes.map(kindOf);
    const ids = await db
      .insertInto("orders")
      .values(indexes.map((index, n) => orderRow(index, kinds[n] ?? "delivered", now)))
      .returning("id")
      .execute();
    const shipments = [];
    const returns = [];
    for (const [n, index] of indexes.entries()) {
      const kind = kinds[n] ?? "delivered";
      const orderId = ids[n]?.id ?? 0;
      const parcel = PARCEL_OF[kind];
      const at = now - (ORDERS - index) * 60_000;
      if (parcel) {
        shipments.push({
          orderId,
          carrier: "shiprocket",
          reference: `KS-${numberOf(index)}`,
          carrierOrderId: `${numberOf(index)}`,
          carrierShipmentId: `${numberOf(index)}`,
          awb: awbOf(index),
          courierName: COURIERS[index % COURIERS.length] ?? "Delhivery",
          status: parcel,
          statusAt: at + 86_400_000,
          rawStatus: null,
          rawStatusId: null,
          paymentMethod: "prepaid" as const,
          codAmount: 0,
          weightGrams: 500,
          lengthCm: 30,
          breadthCm: 25,
          heightCm: 5,
          labelUrl: null,
          trackingToken: `track${numberOf(index)}`,
          bookingError: null,
          pickupRequestedAt: null,
          lastEventAt: at + 86_400_000,
          createdAt: at + 7_200_000,
          updatedAt: at + 86_400_000,
        });
      }
      if (hasOpenReturn(index)) {
        returns.push({
          orderId,
          position: 0,
          quantity: 1,
          kind: "refund" as const,
          reason: "too-small",
          photo: null,
          exchangeSize: null,
          refundMethod: null,
          upiId: null,
          status: "requested" as const,
          rejectReason: null,
          amount: 149_900,
          creditNoteNumber: null,
          creditNoteDate: null,
          exchangeInvoiceNumber: null,
          exchangeInvoiceDate: null,
          courier: null,
          trackingNumber: null,
          expectedDeliveryAt: null,
          shippedAt: null,
          createdAt: at + 5 * 86_400_000,
          updatedAt: at + 5 * 86_400_000,
        });
      }
    }
    if (shipments.length > 0) await db.insertInto("shipments").values(shipments).execute();
    if (returns.length > 0) await db.insertInto("returns").values(returns).execute();
  }
  if (engineOf(db) === "postgres") await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  return { loadedIn: (performance.now() - start) / 1000 };
}

/** The pages an owner's day opens; the numbers and AWBs are of orders in the middle of the list. */
function pages(): { name: string; query: Record<string, string> }[] {
  const middle = Math.floor(ORDERS / 2);
  const shipped = firstWithParcel(middle);
  return [
    { name: "tab To confirm", query: { tab: "to-confirm" } },
    { name: "tab To pack", query: { tab: "to-pack" } },
    { name: "tab To ship", query: { tab: "to-ship" } },
    { name: "tab In transit", query: { tab: "in-transit" } },
    { name: "tab Delivery failed", query: { tab: "delivery-failed" } },
    { name: "tab Delivered", query: { tab: "delivered" } },
    { name: "tab Returns", query: { tab: "returns" } },
    { name: "tab Cancelled", query: { tab: "cancelled" } },
    { name: "tab All", query: { tab: "all" } },
    { name: "All, a page deep", query: { tab: "all" } },
    { name: "search by phone", query: { tab: "all", q: phoneOf(middle) } },
    {
      name: "search by phone, +91 spaced",
      query: { tab: "all", q: `+91 ${phoneOf(middle).replace(/(\d{5})$/, " $1")}` },
    },
    { name: "search by AWB", query: { tab: "all", q: awbOf(shipped) } },
    { name: "search by order number", query: { tab: "all", q: `KS-${numberOf(middle)}` } },
    { name: "search by e-mail", query: { tab: "all", q: `buyer${numberOf(middle)}@mail.in` } },
    { name: "search by name", query: { tab: "all", q: "meena" } },
    { name: "search by name, To pack", query: { tab: "to-pack", q: "meena" } },
    { name: "filter pincode", query: { tab: "all", pincode: "600040" } },
    { name: "filter cash, Chennai state", query: { tab: "all", payment: "cash", state: "33" } },
    { name: "filter courier", query: { tab: "in-transit", courier: "blue" } },
  ];
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function timed(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await call();
  const times: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  for (let run = 0; run < RUNS && performance.now() < until; run++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function measure(engine: string, url: string, dispose: () => Promise<void>) {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    const { loadedIn } = await loadOrders(handle.db);
    console.log(`\n${engine} · ${ORDERS.toLocaleString("en-IN")} orders · loaded in ${loadedIn.toFixed(0)} s`);
    // The nine tabs' counts, which every page shows, on their own.
    const counts = await timed(() => countTabs(handle.db, ORDER_TABS, TAB_COUNT_CAP));
    console.log(`the tabs' capped counts alone: p50 ${counts.p50.toFixed(2)} ms, p95 ${counts.p95.toFixed(2)} ms`);
    console.log("page                         │   p50 ms │   p95 ms │ rows");
    for (const page of pages()) {
      let query = orderIndexQuerySchema.parse(page.query);
      if (page.name === "All, a page deep") {
        const first = await orderIndex(handle.db, SYSTEM, query);
        query = orderIndexQuerySchema.parse({ ...page.query, after: first.next ?? "" });
      }
      const found = await orderIndex(handle.db, SYSTEM, query);
      const whole = await timed(() => orderIndex(handle.db, SYSTEM, query));
      console.log(
        [
          page.name.padEnd(28),
          whole.p50.toFixed(2).padStart(8),
          whole.p95.toFixed(2).padStart(8),
          String(found.rows.length).padStart(4),
        ].join(" │ "),
      );
    }
  } finally {
    await handle.close();
    await dispose();
  }
}

if (ENGINES.includes("sqlite")) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-order-index-"));
  await measure("sqlite", `file:${path.join(dir, "shop.db")}`, async () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (ENGINES.includes("postgres")) {
  if (!pgUrl) console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
  else {
    const scratch = await createScratchSchema(pgUrl, "bench");
    await measure("postgres", scratch.url, scratch.drop);
  }
}
process.exit(0);
