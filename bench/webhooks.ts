/**
 * `npm run bench:webhooks`: Razorpay's webhooks, sent by the local gateway over real HTTP on
 * 127.0.0.1 to the shop's webhook route (server/http/payment-webhook.ts) in this one process, on
 * SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Prints:
 * - the time from the gateway sending payment.captured to the order being Paid (its invoice issued
 *   and confirmation queued, committed before the 200), p50 and p95 over 100 webhooks, one at a time;
 * - how many webhooks a second the process verifies and records, 16 at a time, bounded in count
 *   (BENCH_WEBHOOKS, default 2,000) and time (20 s).
 */

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fastify from "fastify";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { flagRecord } from "#core/collections.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { registerPaymentWebhook } from "#server/http/payment-webhook.ts";
import { findOrder } from "#server/orders/orders.repository.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { paymentPage } from "#server/payments/online-payments.service.ts";
import { RazorpayGateway } from "#server/payments/razorpay.ts";
import { composeShopProcesses } from "#server/shop-processes.ts";
import { DEMO_SELLER } from "#server/tax/seller.ts";
import { checkoutDetails } from "#server/testing/factories.ts";
import { startLocalGateway } from "#server/testing/local-gateway.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

// The orders move with the same guards and effects as in the running shop (record 37).
composeShopProcesses();

const LATENCY_WEBHOOKS = 100;
const THROUGHPUT_WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const THROUGHPUT_SECONDS = 20;
const CONCURRENCY = 16;

function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Online orders awaiting their payment, each with its gateway order. */
async function awaitingOrders(db: Db, gateway: RazorpayGateway, count: number) {
  const productId = await createProduct(db, SYSTEM, {
    title: `Bench kurta ${randomUUID().slice(0, 8)}`,
    price: 149_900,
    images: ["products/bench"],
    category: "Ethnic",
    type: "Kurta",
    fabric: "Cotton",
    description: "A benchmark kurta.",
    description1: "",
    flags: flagRecord(["isEthnic"]),
    sizes: [{ size: "M", stock: count + 10 }],
  });
  const orders: { id: number; gatewayOrderId: string }[] = [];
  for (let index = 0; index < count; index++) {
    const buyer: Actor = { kind: "visitor", guestId: `bench-${randomUUID()}` };
    await addToCart(db, buyer, { productId, size: "M", quantity: 1 });
    const placed = await placeOrder(db, buyer, checkoutDetails({ paymentMethod: "online" }), {
      seller: DEMO_SELLER,
      payments: { online: true, codMaxPaise: 1_000_000, codFeePaise: 0 },
    });
    const page = await paymentPage(db, gateway, placed.accessToken);
    orders.push({ id: placed.id, gatewayOrderId: page.checkout?.gatewayOrderId ?? "" });
  }
  return orders;
}

async function webhookRun(engine: string, url: string) {
  const handle = openDatabase(url, { poolSize: 20 });
  const local = await startLocalGateway();
  const gateway = new RazorpayGateway(local.settings());
  const shop = fastify();
  try {
    const { db } = handle;
    await migrateToLatest(db);
    registerPaymentWebhook(shop, { db, payments: gateway });
    local.webhookUrl = `${await shop.listen({ port: 0, host: "127.0.0.1" })}/webhooks/razorpay`;
    const orders = await awaitingOrders(db, gateway, LATENCY_WEBHOOKS);

    // Latency: one payment.captured at a time; the order is Paid when the shop answers 200.
    const times: number[] = [];
    for (const order of orders) {
      const paid = local.pay(order.gatewayOrderId, { webhooks: false });
      const payment = local.payments.get(paid.razorpay_payment_id);
      const entity = {
        id: payment?.id,
        order_id: order.gatewayOrderId,
        amount: payment?.amount,
        currency: "INR",
        status: "captured",
      };
      const start = performance.now();
      const status = await local.send("payment.captured", { payment: { entity } });
      times.push(performance.now() - start);
      if (status !== 200) throw new Error(`The shop answered ${status}.`);
    }
    const notPaid = (await Promise.all(orders.map((order) => findOrder(db, { id: order.id })))).filter(
      (order) => order?.paymentStatus !== "paid",
    ).length;
    times.sort((a, b) => a - b);

    // Throughput: distinct signed events (payment.failed for these orders), each verified and recorded.
    const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
    let sent = 0;
    let refused = 0;
    const start = performance.now();
    const worker = async () => {
      while (sent < THROUGHPUT_WEBHOOKS && performance.now() < deadline) {
        const order = orders[sent % orders.length];
        sent++;
        const entity = {
          id: `pay_f${sent}`,
          order_id: order?.gatewayOrderId,
          amount: 149_900,
          currency: "INR",
          status: "failed",
        };
        if ((await local.send("payment.failed", { payment: { entity } })) !== 200) refused++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - start) / 1000;
    const recorded = await db
      .selectFrom("paymentEvents")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("kind", "=", "payment-failed")
      .executeTakeFirstOrThrow();

    console.log(`\n${engine}`);
    console.log(
      `  webhook → Paid, ${times.length} webhooks one at a time: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms; orders not Paid: ${notPaid}`,
    );
    console.log(
      `  verified and recorded: ${sent} webhooks in ${seconds.toFixed(1)} s = ${(sent / seconds).toFixed(0)} a second (${CONCURRENCY} at a time); refused: ${refused}; rows recorded: ${Number(recorded.count)}`,
    );
  } finally {
    await local.close();
    await shop.close();
    await handle.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-webhooks-"));
try {
  await webhookRun("sqlite", `file:${path.join(dir, "shop.db")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const scratch = await createScratchSchema(pgUrl, "bench");
  try {
    await webhookRun("postgres", scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
