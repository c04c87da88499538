/**
 * `npm run bench:reviews`: a product page's server time and bytes with no reviews and with 1,000
 * published reviews, and the first lazily loaded page of reviews. The page is asked for with a
 * cookie the page cache does not know, so every request is rendered (the shared cache would
 * otherwise answer all but the first). 1,000 customers with one delivered order each are written
 * straight into the shop's SQLite file; the page reads none of them but their reviews.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { brotliCompressSync } from "node:zlib";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { startShopProcess } from "../scripts/shop-process.ts";
import { catalogVersion } from "../server/catalog/catalog-version.ts";
import { openDatabase } from "../server/db/database.ts";

const REVIEWS = 1_000;
const RUNS = 30;
const FITS = ["small", "true", "true", "large"] as const;
const SIZES = ["S", "M", "L", "XL"];

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-reviews-"));
const url = `file:${path.join(dataDir, "shop.db")}`;
const shop = await startShopProcess({ DATABASE_URL: url });
const { db, close } = openDatabase(url);
try {
  const products = await db
    .selectFrom("products")
    .select("id")
    .where("isEthnic", "=", 1)
    .orderBy("id")
    .limit(2)
    .execute();
  const [quiet, busy] = products.map((row) => Number(row.id));
  if (!quiet || !busy) throw new Error("The demo catalogue has too few products.");
  await seedReviews(busy);
  await catalogVersion(db).changed();

  console.log(`Product page, rendered on every request (median of ${RUNS}, 127.0.0.1):`);
  for (const [label, id] of [
    ["0 reviews", quiet],
    [`${REVIEWS.toLocaleString("en-IN")} reviews`, busy],
  ] as const) {
    const page = await measure(`/productinfo/${id}`);
    console.log(
      `  ${label.padEnd(14)} ${page.ms.toFixed(1).padStart(6)} ms · ${kb(page.bytes)} HTML · ${kb(page.brotli)} brotli`,
    );
  }
  if (process.env.BENCH_DUMP) {
    const html = await (await fetch(`${shop.baseUrl}/productinfo/${busy}`, { headers: { Cookie: "bench=1" } })).text();
    (await import("node:fs")).writeFileSync(process.env.BENCH_DUMP, html);
  }
  const lazy = await measure(`/productinfo/${busy}/reviews?sort=helpful&page=1`);
  console.log(`  next 10 reviews (loaded after the page): ${lazy.ms.toFixed(1)} ms · ${kb(lazy.bytes)}`);
} finally {
  await close();
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1).padStart(6)} KB`;
}

async function measure(pathname: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await fetch(`${shop.baseUrl}${pathname}`, {
      headers: { Cookie: "bench=1", "Accept-Encoding": "identity" },
    });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
    bytes = body.byteLength;
  }
  // What goes over the wire compressed (fetch would decode it): the body brotli-compressed here.
  const last = await fetch(`${shop.baseUrl}${pathname}`, { headers: { Cookie: "bench=1" } });
  const brotli = brotliCompressSync(Buffer.from(await last.arrayBuffer())).byteLength;
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, bytes, brotli };
}

/** A thousand buyers, each with a delivered order of the piece and a published review of it. */
async function seedReviews(productId: number) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < REVIEWS; index += 1) {
      const id = `bench-buyer-${index}`;
      const email = `buyer${index}@bench.test`;
      await trx
        .insertInto("users")
        .values({
          id,
          name: `Buyer ${index}`,
          email,
          emailKey: email,
          passwordHash: "x",
          role: "customer",
          phone: null,
          address: null,
          photo: null,
          photoUpdatedAt: null,
          createdAt: now,
          lastLoginAt: null,
          emailVerifiedAt: now,
          city: "Mumbai",
          stateCode: "27",
          pincode: "400001",
        })
        .execute();
      const order = await trx
        .insertInto("orders")
        .values({
          orderNumber: `BENCH${index}`,
          paymentRef: `bench-${index}`,
          userId: id,
          accessToken: `bench-token-${index}`,
          idempotencyKey: `bench-${index}`,
          requestFingerprint: "bench",
          email,
          name: `Buyer ${index}`,
          address: "Bench",
          pincode: "400001",
          phone: "9820012345",
          status: "delivered",
          subtotal: 100_000,
          shipping: 0,
          pointsRedeemed: 0,
          pointsEarned: 0,
          total: 100_000,
          itemCount: 1,
          createdAt: now,
          updatedAt: now,
          invoiceNumber: null,
          invoiceDate: null,
          supplyType: null,
          seller: null,
          creditNoteNumber: null,
          creditNoteDate: null,
          buyerGstin: null,
          buyerLegalName: null,
          ewayBillNumber: null,
          ewayBillEnteredAt: null,
          courier: null,
          trackingNumber: null,
          expectedDeliveryAt: null,
          cancelReason: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const at = now - index * 60_000;
      await trx
        .insertInto("reviews")
        .values({
          productId,
          userId: id,
          orderId: Number(order.id),
          rating: 1 + ((index * 7) % 5),
          title: `Review number ${index}`,
          body: "The fabric is soft and the colour is as in the pictures; the stitching is neat. ".repeat(3),
          sizeBought: SIZES[index % SIZES.length] as string,
          fit: FITS[index % FITS.length] as (typeof FITS)[number],
          status: "approved",
          heldFor: null,
          rejectReason: null,
          authorName: `Buyer${index}`,
          authorCity: "Mumbai",
          createdAt: at,
          updatedAt: at,
          publishedAt: at,
        })
        .execute();
    }
  });
}
