/**
 * `npm run bench:invoice`: how long making one tax invoice PDF takes, from the stored order on
 * SQLite to the finished bytes (what a download waits for), over BENCH_INVOICES runs after a
 * warm-up, unsigned and then signed with a self-signed RSA 2048 certificate (made by openssl).
 * Prints the median, 95th percentile and the PDF's size of each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addToCart } from "#server/cart/cart.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { type DocumentSigning, openSigningCertificate } from "#server/invoices/document-signing.ts";
import { guestDocument } from "#server/orders/order-documents.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { composeShopProcesses } from "#server/shop-processes.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, shopSigning } from "#server/testing/factories.ts";
import { makeTestCertificate } from "#server/testing/signing-certificate.ts";

// The orders move with the same guards and effects as in the running shop (record 37).
composeShopProcesses();

const RUNS = Number(process.env.BENCH_INVOICES ?? 200);
const dir = mkdtempSync(path.join(tmpdir(), "bench-invoice-"));
const handle = openDatabase(`file:${path.join(dir, "shop.db")}`);
const certificate = makeTestCertificate();
try {
  await migrateToLatest(handle.db);
  const visitor = makeVisitor();
  const products = [
    await makeProduct(handle.db, { title: "Zainab Embroidered Lawn 3-Piece Suit", price: 429_900, hsn: "6204" }),
    await makeProduct(handle.db, {
      title: "Kundan Jhumka Earrings",
      price: 89_900,
      hsn: "7117",
      sizes: { "One Size": 9 },
    }),
    await makeProduct(handle.db, {
      title: "Minimal Mesh-Strap Watch",
      price: 349_900,
      hsn: "9102",
      sizes: { "One Size": 9 },
    }),
  ];
  await addToCart(handle.db, visitor, { productId: products[0] ?? 0, size: "M" });
  await addToCart(handle.db, visitor, { productId: products[1] ?? 0, size: "One Size", quantity: 2 });
  await addToCart(handle.db, visitor, { productId: products[2] ?? 0, size: "One Size" });
  const order = await placeOrder(
    handle.db,
    visitor,
    checkoutDetails({ city: "Kolkata", stateCode: "19", pincode: "700016" }),
    atShop(),
  );

  const measure = async (label: string, signing: DocumentSigning) => {
    for (let i = 0; i < 10; i++) await guestDocument(handle.db, signing, order.accessToken, "invoice");
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      bytes = (await guestDocument(handle.db, signing, order.accessToken, "invoice")).pdf.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
    const ms = (share: number) => at(share).toFixed(1);
    console.log(
      `  ${label}: median ${ms(0.5)} ms · p95 ${ms(0.95)} ms · max ${ms(1)} ms · ${(bytes / 1024).toFixed(1)} KB`,
    );
    return at(0.5);
  };
  console.log(`Tax invoice PDF (3 lines + shipping, IGST, fonts embedded), ${RUNS} runs after 10 warm-up:`);
  const unsigned = await measure("unsigned", shopSigning());
  const signed = await measure(
    "signed  ",
    shopSigning(openSigningCertificate(certificate.file, certificate.passphrase)),
  );
  console.log(`  signing adds ${(signed - unsigned).toFixed(1)} ms at the median`);
} finally {
  certificate.dispose();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
