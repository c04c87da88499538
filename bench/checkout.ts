/**
 * `npm run bench:checkout`: 50 buyers at once place orders through the real checkout service, on
 * SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Prints orders per second,
 * latency percentiles, a check for overselling, and the same rows written by a bare insert loop.
 */

import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { flagRecord } from "#core/collections.ts";
import { insertUser } from "#server/accounts/accounts.repository.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { findProduct } from "#server/catalog/catalog.service.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { composeShopProcesses } from "#server/shop-processes.ts";
import { atShop } from "#server/testing/factories.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

// The orders move with the same guards and effects as in the running shop (record 37).
composeShopProcesses();

const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const CONCURRENCY = 50;
const SCARCE_STOCK = 100;

function product(title: string, stock: number) {
  return {
    title,
    price: 149_900,
    images: ["products/bench"],
    category: "Ethnic",
    type: "Kurta",
    fabric: "Cotton",
    description: "A benchmark kurta.",
    description1: "",
    flags: flagRecord(["isEthnic"]),
    sizes: [{ size: "M" as const, stock }],
  };
}

function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function prepareBuyers(db: Db, plenty: number[], scarce: number): Promise<Actor[]> {
  const buyers: Actor[] = [];
  for (let index = 0; index < BUYERS; index++) {
    let actor: Actor;
    // Half the buyers are registered customers (their orders earn points); half are guests.
    if (index % 2 === 0) {
      const userId = `bench${randomBytes(8).toString("hex")}`;
      await insertUser(db, {
        id: userId,
        name: "Bench Buyer",
        email: `${userId}@bench.test`,
        emailKey: `${userId}@bench.test`,
        passwordHash: "not-a-real-hash",
        role: "customer",
        createdAt: Date.now(),
      });
      actor = {
        kind: "user",
        userId,
        email: `${userId}@bench.test`,
        name: "Bench Buyer",
        role: "customer",
        guestId: null,
      };
    } else {
      actor = { kind: "visitor", guestId: randomBytes(8).toString("hex") };
    }
    await addToCart(db, actor, { productId: plenty[index % plenty.length] ?? 0, size: "M", quantity: 1 });
    await addToCart(db, actor, { productId: plenty[(index * 7 + 3) % plenty.length] ?? 0, size: "M", quantity: 2 });
    // One buyer in five also wants the scarce product, so the last units are fought over.
    if (index % 5 === 0) await addToCart(db, actor, { productId: scarce, size: "M", quantity: 1 });
    buyers.push(actor);
  }
  return buyers;
}

async function checkoutRun(engine: string, url: string) {
  const handle = openDatabase(url, { poolSize: 20 });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    const plenty = [];
    for (let index = 0; index < 20; index++)
      plenty.push(await createProduct(db, SYSTEM, product(`Plenty ${index}`, 1_000_000)));
    const scarce = await createProduct(db, SYSTEM, product("Scarce", SCARCE_STOCK));
    const buyers = await prepareBuyers(db, plenty, scarce);

    const latencies: number[] = [];
    let placed = 0;
    let refused = 0;
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < buyers.length) {
          const buyer = buyers[next++] as Actor;
          const begun = performance.now();
          try {
            await placeOrder(
              db,
              buyer,
              {
                name: "Bench Buyer",
                address: "1 Bench Street, Mumbai",
                city: "Mumbai",
                stateCode: "27",
                pincode: "400001",
                phone: "9820000000",
                email: "buyer@bench.test",
                idempotencyKey: randomUUID(),
                redeemPoints: false,
              },
              atShop(),
            );
            placed++;
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== "out-of-stock") throw error;
            refused++;
          }
          latencies.push(performance.now() - begun);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    const scarceLeft = (await findProduct(db, scarce))?.sizes[0]?.stock ?? -1;
    const scarceWanted = Math.ceil(BUYERS / 5);
    const oversold = scarceLeft < 0 || (scarceWanted >= SCARCE_STOCK && scarceLeft !== 0);
    console.log(
      `${engine.padEnd(8)} checkout: ${(placed / seconds).toFixed(0)} orders/s (${placed} placed, ${refused} refused for stock) · p50 ${percentile(latencies, 0.5).toFixed(1)} ms · p99 ${percentile(latencies, 0.99).toFixed(1)} ms · scarce stock left ${scarceLeft} · oversold: ${oversold ? "YES" : "no"}`,
    );
    const bare = await bareLoop(db, placed);
    console.log(
      `${engine.padEnd(8)} bare loop: ${bare.toFixed(0)} orders/s writing the same rows (order, 2–3 lines, history) one transaction each · checkout reaches ${((placed / seconds / bare) * 100).toFixed(0)}% of it`,
    );
  } finally {
    await handle.close();
  }
}

/** The reference: the same rows an order writes, inserted in a plain loop with no checks at all. */
async function bareLoop(db: Db, count: number): Promise<number> {
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    await db.transaction().execute(async (trx) => {
      const order = await trx
        .insertInto("orders")
        .values({
          orderNumber: `BARE-${index}-${randomBytes(4).toString("hex")}`,
          paymentRef: `pay_bare${index}${randomBytes(4).toString("hex")}`,
          accessToken: randomBytes(24).toString("hex"),
          idempotencyKey: randomUUID(),
          requestFingerprint: "bare",
          email: "bare@bench.test",
          name: "Bare",
          address: "1 Bench Street",
          city: "Mumbai",
          stateCode: "27",
          pincode: "400001",
          phone: "9820000000",
          status: "placed",
          subtotal: 449_700,
          shipping: 10_000,
          total: 459_700,
          pointsRedeemed: 0,
          pointsEarned: 0,
          itemCount: 3,
          createdAt: Date.now(),
          updatedAt: Date.now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("orderLines")
        .values(
          [0, 1].map((position) => ({
            orderId: order.id,
            position,
            productId: 1,
            title: "Bare",
            description: "Bare",
            category: "Ethnic",
            image: "products/bench",
            size: "M",
            unitPrice: 149_900,
            quantity: 1 + position,
          })),
        )
        .execute();
      await trx
        .insertInto("orderStatusHistory")
        .values({ orderId: order.id, fromStatus: null, toStatus: "placed", actor: "bench", at: Date.now() })
        .execute();
    });
  }
  return count / ((performance.now() - start) / 1000);
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-checkout-"));
try {
  await checkoutRun("sqlite", `file:${path.join(dir, "shop.db")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const scratch = await createScratchSchema(pgUrl, "bench");
  try {
    await checkoutRun("postgres", scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
