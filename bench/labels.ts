/**
 * `npm run bench:labels`: how long a bulk print takes: 50 shipping labels (4×6, a Code 128 barcode
 * of each AWB and one of each order number) as one PDF, and 50 parcels' labels with their packing
 * slips (a QR code each) as one PDF, over BENCH_RUNS runs (default 20) after 3 warm-up runs. Prints
 * the median, 95th percentile and the PDF's size and page count of each.
 */
import { execFileSync } from "node:child_process";
import { renderShippingLabels, type ShippingLabel } from "#server/shipping/labels.ts";
import type { PackingSlip } from "#server/shipping/packing-slips.ts";
import { renderParcelPapers } from "#server/shipping/parcel-papers.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PARCELS = 50;

const labels: ShippingLabel[] = Array.from({ length: PARCELS }, (_, n) => ({
  awb: `1904142475${String(1000 + n)}`,
  courierName: "Delhivery Surface",
  routingCode: "S2/BOM/1A",
  orderNumber: `KS-${100100 + n}`,
  orderedAt: Date.now(),
  payment: n % 3 === 0 ? { method: "prepaid" } : { method: "cod", collect: 129_900 + n * 1000 },
  to: {
    name: n % 5 === 0 ? "आशा वर्मा" : "Asha Verma",
    address: "Flat 7, Palm Court, Linking Road, Bandra West",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400050",
    phone: "98200 12345",
  },
  from: {
    name: "Kesar Fashion Private Limited",
    address: "Shop 4, Sea Breeze Arcade, 27 Hill Road, Bandra West, Mumbai 400050",
    phone: "022 2640 0000",
    gstin: "27AAKCK4521R1ZX",
  },
  parcel: { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 4 },
  pieces: 2,
}));

const slips: PackingSlip[] = labels.map((label, n) => ({
  orderNumber: label.orderNumber,
  orderedAt: label.orderedAt,
  shipTo: { name: label.to.name, city: label.to.city, pincode: label.to.pincode },
  lines: [
    { title: "Zainab Embroidered Lawn 3-Piece Suit", size: "M", quantity: 1, unitPrice: 429_900 },
    { title: "Kundan Jhumka Earrings", size: "One Size", quantity: 2, unitPrice: 89_900, nonReturnable: true },
  ],
  total: 609_700,
  collect: label.payment.method === "cod" ? label.payment.collect : 0,
  gift: n % 7 === 0,
  returns: { days: 14, url: "https://kesar.in/orders" },
  trackingUrl: `https://kesar.in/track/Ab3dEf6hIj9kLm2nOp5qRs${String(n).padStart(6, "0")}`,
}));

const pagesOf = (pdf: Buffer) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", ["-"], { input: pdf }).toString())?.[1] ?? 0);

async function measure(name: string, render: () => Promise<Buffer>) {
  for (let i = 0; i < 3; i++) await render();
  const times: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    pdf = await render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0).toFixed(0);
  console.log(
    `  ${name}: median ${at(0.5)} ms · p95 ${at(0.95)} ms · ${(pdf.length / 1024).toFixed(0)} KB · ${pagesOf(pdf)} pages`,
  );
}

console.log(`Bulk printing ${PARCELS} parcels as one PDF, ${RUNS} runs after 3 warm-up runs:`);
await measure(`${PARCELS} labels                `, () => renderShippingLabels(labels));
await measure(`${PARCELS} labels + packing slips`, () =>
  renderParcelPapers(labels.map((label, n) => ({ label, slip: slips[n] as PackingSlip }))),
);
