/**
 * `npm run bench:shipment-webhooks`: the time from the courier's status webhook to the buyer's
 * tracking page showing it. The shop runs as `npm start` runs it (the production build, one worker
 * process) with the local courier's settings, on SQLite and (with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) PostgreSQL. 250 orders are placed and booked with the local courier; then each
 * parcel's life (picked up, in transit, out for delivery, delivered) is posted to
 * POST /webhooks/shipments one event at a time, 1,000 events in all, and after each the parcel's
 * /track/<token> page is fetched. Prints p50, p95 and max of webhook sent → page showing the new
 * status, and how many pages did not show it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/database.ts";
import type { Db } from "#server/db/schema.ts";
import { bookCouriers } from "#server/shipping/booking.service.ts";
import { findLiveShipment } from "#server/shipping/shipments.repository.ts";
import { ShiprocketCarrier } from "#server/shipping/shiprocket.ts";
import { composeShopProcesses } from "#server/shop-processes.ts";
import { startLocalCourier } from "#server/testing/local-courier.ts";
import { webhookTimestamp } from "#server/testing/local-courier-lives.ts";
import { ADMIN } from "#server/testing/return-fixtures.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { placedOrder } from "#server/testing/shipping.ts";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { startShopProcess } from "../scripts/shop-process.ts";

// Orders placed and booked here move with the same guards and effects as in the running shop.
composeShopProcesses();

const PARCELS = Number(process.env.BENCH_PARCELS ?? 250);
const LIFE = [
  { status: "PICKED UP", label: "Picked up" },
  { status: "IN TRANSIT", label: "In transit" },
  { status: "OUT FOR DELIVERY", label: "Out for delivery" },
  { status: "DELIVERED", label: "Delivered" },
] as const;

function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Orders placed as buyers place them and booked as the administrator books them: their AWBs and tracking tokens. */
async function bookedParcels(db: Db, carrier: ShiprocketCarrier) {
  const parcels: { awb: string; token: string; orderNumber: string }[] = [];
  for (let index = 0; index < PARCELS; index++) {
    const order = await placedOrder(db);
    const [result] = await bookCouriers({ db, carrier }, ADMIN, [order.id]);
    const shipment = await findLiveShipment(db, order.id);
    if (result?.outcome !== "booked" || !shipment?.awb) throw new Error(`Order ${order.orderNumber} was not booked.`);
    parcels.push({ awb: shipment.awb, token: shipment.trackingToken, orderNumber: order.orderNumber });
  }
  return parcels;
}

async function run(engine: string, databaseUrl: string) {
  const courier = await startLocalCourier();
  const settings = courier.settings();
  const shop = await startShopProcess({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    WEB_CONCURRENCY: "1",
    SHIPROCKET_EMAIL: settings.email,
    SHIPROCKET_PASSWORD: settings.password,
    SHIPROCKET_PICKUP_LOCATION: settings.pickupLocation,
    SHIPROCKET_WEBHOOK_TOKEN: settings.webhookToken,
    SHIPROCKET_API_URL: settings.apiUrl,
  });
  // The shop has migrated the database; this process places and books the orders in it.
  const handle = openDatabase(databaseUrl);
  try {
    const parcels = await bookedParcels(handle.db, new ShiprocketCarrier(settings));
    const times: number[] = [];
    let unseen = 0;
    let refused = 0;
    const start = Date.now() - 60 * 60 * 1000;
    for (const [step, { status, label }] of LIFE.entries()) {
      for (const parcel of parcels) {
        const body = JSON.stringify({
          awb: parcel.awb,
          current_status: status,
          current_timestamp: webhookTimestamp(start + step * 60_000),
          order_id: parcel.orderNumber,
          scans: [],
        });
        const sent = performance.now();
        const answer = await fetch(`${shop.baseUrl}/webhooks/shipments`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": settings.webhookToken },
          body,
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) refused++;
        const page = await (await fetch(`${shop.baseUrl}/track/${parcel.token}`)).text();
        times.push(performance.now() - sent);
        if (!page.includes(label)) unseen++;
      }
    }
    times.sort((a, b) => a - b);
    console.log(`\n${engine}`);
    console.log(
      `  webhook → tracking page showing it, ${times.length} events one at a time (${PARCELS} parcels × ${LIFE.length}): p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms; webhooks refused: ${refused}; pages not showing it: ${unseen}`,
    );
  } finally {
    await handle.close();
    await shop.stop();
    await courier.close();
  }
}

buildIfStale();
const dir = mkdtempSync(path.join(tmpdir(), "bench-shipment-webhooks-"));
try {
  await run("sqlite", `file:${path.join(dir, "shop.db")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const scratch = await createScratchSchema(pgUrl, "bench");
  try {
    await run("postgres", scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
