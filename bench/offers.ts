/**
 * `npm run bench:offers`: what pricing a 20-line cart costs with 50 live offers (49
 * automatic ones of every action, scoped and not, and the cart's code). Two figures, p50 and p95:
 * the offers engine alone (which offers apply, the discount of every line to the paisa), and the
 * cart as its page prices it (the lines, the code, the live offers, the pieces' collections and
 * the customer's uses read from the database, then the engine). On SQLite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Actor } from "#core/actor.ts";
import { COLLECTIONS } from "#core/collections.ts";
import { SHIPPING_PAISE } from "#server/cart/cart.schemas.ts";
import { viewCart } from "#server/cart/cart.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { priceOffers } from "#server/offers/offer-engine.ts";
import { findCurrentAutomatic, findOfferByCode } from "#server/offers/offers.repository.ts";
import { actorFor, makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { enterCode, fillCart, makeOffer } from "#server/testing/offer-fixtures.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

const LINES = 20;
const AUTOMATIC = 49;
const ENGINE_RUNS = 2_000;
const CART_RUNS = 300;

const ACTIONS = [
  { actionType: "percent", percent: "10" },
  { actionType: "percent", percent: "25", cap: "500" },
  { actionType: "fixed", amount: "300" },
  { actionType: "buy-x-get-y", buy: "2", get: "1" },
  { actionType: "free-shipping" },
] as const;

const quantile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;

async function timed(runs: number, work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** A shop with 20 pieces in a customer's cart, 49 automatic offers and the cart's code. */
async function prepare(db: Db): Promise<Actor> {
  const customer = actorFor(await makeCustomer(db));
  for (let line = 0; line < LINES; line++) {
    const flag = COLLECTIONS[line % COLLECTIONS.length]?.flag ?? "isMore";
    const product = await makeProduct(db, { price: 49_900 + line * 23_300, flags: [flag], sizes: { M: 50 } });
    await fillCart(db, customer, [[product, 1 + (line % 3)]]);
  }
  for (let n = 0; n < AUTOMATIC; n++) {
    const collection = n % 3 === 0 ? [] : [COLLECTIONS[n % COLLECTIONS.length]?.flag ?? "isMore"];
    await makeOffer(db, {
      kind: "automatic",
      name: `AUTO${n}`,
      ...ACTIONS[n % ACTIONS.length],
      collections: collection,
      minSubtotal: n % 4 === 0 ? "1999" : "",
      combinesWithCode: n % 2 === 0,
    });
  }
  await makeOffer(db, { name: "WELCOME10", percent: "10", minSubtotal: "1999", perCustomerLimit: "1" });
  await enterCode(db, customer, "WELCOME10");
  return customer;
}

async function measure(engine: string, db: Db): Promise<void> {
  await migrateToLatest(db);
  const customer = await prepare(db);
  const now = Date.now();
  const cart = await viewCart(db, customer);
  const automatic = await findCurrentAutomatic(db, now);
  const code = await findOfferByCode(db, "WELCOME10");
  const lines = cart.lines.map((line, i) => ({
    productId: line.productId,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    collections: [COLLECTIONS[i % COLLECTIONS.length]?.flag ?? "isMore"],
  }));
  const input = {
    lines,
    shipping: SHIPPING_PAISE,
    automatic,
    code: { typed: "WELCOME10", offer: code },
    shopper: { signedIn: true, firstOrder: true, usesOf: () => 0 },
    now,
  };
  const engineTimes = await timed(ENGINE_RUNS, () => priceOffers(input));
  const cartTimes = await timed(CART_RUNS, () => viewCart(db, customer));
  const applied = cart.offers.applied.map((offer) => offer.name).join(" + ");
  const ms = (value: number) => value.toFixed(3).padStart(8);
  console.log(
    `${engine.padEnd(8)} │ engine alone │ ${ms(quantile(engineTimes, 0.5))} │ ${ms(quantile(engineTimes, 0.95))} │`,
  );
  console.log(
    `${engine.padEnd(8)} │ cart page    │ ${ms(quantile(cartTimes, 0.5))} │ ${ms(quantile(cartTimes, 0.95))} │ ${applied}`,
  );
}

console.log(`A ${LINES}-line cart, ${AUTOMATIC} automatic offers and a code: p50 and p95 in ms`);
console.log("engine   │ what         │   p50 ms │   p95 ms │ offers applied");
const dir = mkdtempSync(path.join(tmpdir(), "bench-offers-"));
const sqlite = openDatabase(`file:${path.join(dir, "shop.db")}`);
try {
  await measure("sqlite", sqlite.db);
} finally {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const scratch = await createScratchSchema(pgUrl, "bench");
  const postgres = openDatabase(scratch.url);
  try {
    await measure("postgres", postgres.db);
  } finally {
    await postgres.close();
    await scratch.drop();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
