import type { Actor } from "#core/actor.ts";
import { orderPathFor } from "#core/order-paths.ts";
import { type OrderStatus, STATUS_LABELS } from "#core/order-status.ts";
import { trackingPathFor } from "#core/shipment-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import { assertCan } from "../access.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import { sizeCodesOf } from "../catalog/variants.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertMayOpenOrder, mayOpenOrder, packingBenchRefusal } from "../orders/order-index.service.ts";
import { orderLines, orderRow, ordersWithFirstLine } from "../orders/order-rows.service.ts";
import type { OrderLineRow, OrderRow } from "../processes/order-process.ts";
import type { ShipmentRow } from "../processes/shipment-process.ts";
import type { SellerDetails } from "../tax/seller.ts";
import type { CarrierProvider } from "./carrier.ts";
import { renderShippingLabels, type ShippingLabel } from "./labels.ts";
import type { PackingSlip } from "./packing-slips.ts";
import { renderPackingSlips } from "./packing-slips.ts";
import { parcelAddress } from "./parcel-address.ts";
import { renderParcelPapers } from "./parcel-papers.ts";
import { type PieceSize, parcelSizeOf } from "./parcel-size.ts";
import { renderPickList } from "./pick-lists.ts";
import { measuredPieces } from "./product-parcels.service.ts";
import { findLiveShipment } from "./shipments.repository.ts";

/*
 * The parcel's paper for the packing bench (record 43): an order's label (the courier's own when
 * it makes one, fetched and passed through; else the shop's 4×6 label) and its packing slip, and
 * for many orders at once one PDF of labels, of labels with their slips, or a pick list, with a
 * result per order (the back office's bulk printing calls these).
 */

export type PaperDeps = {
  db: Db;
  carrier: CarrierProvider | null;
  shop: { seller: SellerDetails; publicUrl: string; returnDays: number };
};

export type PaperResult = { orderId: number; orderNumber: string | null; printed: boolean; message: string | null };
export type PaperBatch = { pdf: Buffer | null; results: PaperResult[] };

/** Orders whose paper is printed: those waiting to ship or on their way. */
const PRINTABLE: readonly OrderStatus[] = ["placed", "shipped"];
/** A back-office page selects at most this many. */
export const PAPER_BATCH_MAX = 100;
/** The courier's label document: a few hundred kilobytes for a page of labels. */
const COURIER_LABEL_MAX_BYTES = 20 * 1024 * 1024;

type Parcel = {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  shipment: ShipmentRow | undefined;
  /** The packed sizes recorded for the lines' products: the parcel's size before it is booked. */
  measured: ReadonlyMap<number, PieceSize>;
};

async function parcelOf(db: Db, actor: Actor, orderId: number): Promise<Parcel | string> {
  const order = await orderRow(db, { id: orderId });
  if (!order) return "This order could not be found.";
  // The packing bench prints the orders of its tabs only (record 45).
  if (!(await mayOpenOrder(db, actor, order.id))) return packingBenchRefusal(db, order.id);
  if (!PRINTABLE.includes(order.status)) {
    return `This order is ${STATUS_LABELS[order.status].toLowerCase()}: its parcel's paper is not printed.`;
  }
  const [lines, shipment] = await Promise.all([orderLines(db, order.id), findLiveShipment(db, order.id)]);
  const measured = await measuredPieces(
    db,
    lines.map((line) => line.productId),
  );
  return { order, lines, shipment, measured };
}

/** The orders' parcels in the order given, and why each other one was left out. */
async function parcelsOf(db: Db, actor: Actor, orderIds: readonly number[]) {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0 || ids.length > PAPER_BATCH_MAX) {
    throw new AppError("validation-failed", `Choose between 1 and ${PAPER_BATCH_MAX} orders to print.`);
  }
  const parcels: Parcel[] = [];
  const results: PaperResult[] = [];
  for (const orderId of ids) {
    const parcel = await parcelOf(db, actor, orderId);
    if (typeof parcel === "string") {
      results.push({ orderId, orderNumber: null, printed: false, message: parcel });
      continue;
    }
    parcels.push(parcel);
    results.push({ orderId, orderNumber: parcel.order.orderNumber, printed: true, message: null });
  }
  return { parcels, results };
}

function labelOf({ order, lines, shipment, measured }: Parcel, seller: SellerDetails): ShippingLabel {
  const collect = shipment ? (shipment.paymentMethod === "cod" ? shipment.codAmount : 0) : cashToCollect(order);
  return {
    awb: shipment?.awb ?? order.trackingNumber ?? order.orderNumber,
    courierName: shipment?.courierName ?? order.courier ?? "Courier",
    routingCode: shipment?.routingCode ?? null,
    orderNumber: order.orderNumber,
    orderedAt: Number(order.createdAt),
    payment: collect > 0 ? { method: "cod", collect } : { method: "prepaid" },
    to: parcelAddress(order),
    from: { name: seller.legalName, address: seller.address, gstin: seller.gstin },
    parcel: shipment
      ? {
          weightGrams: shipment.weightGrams,
          lengthCm: shipment.lengthCm,
          breadthCm: shipment.breadthCm,
          heightCm: shipment.heightCm,
        }
      : parcelSizeOf(lines, measured),
    pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

const cashToCollect = (order: OrderRow) => (order.paymentMethod === "online" ? 0 : amountToPay(order));

async function slipOf(db: Db, { order, lines, shipment }: Parcel, shop: PaperDeps["shop"]): Promise<PackingSlip> {
  const orderUrl = `${shop.publicUrl}${orderPathFor(order)}`;
  const nonReturnable = new Set<number>();
  for (const productId of new Set(lines.map((line) => line.productId))) {
    if ((await findProduct(db, productId))?.nonReturnable) nonReturnable.add(productId);
  }
  const codes = await sizeCodesOf(
    db,
    lines.map((line) => line.productId),
  );
  return {
    orderNumber: order.orderNumber,
    orderedAt: Number(order.createdAt),
    shipTo: { name: order.name, city: order.city, pincode: order.pincode },
    lines: lines.map((line) => ({
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      nonReturnable: nonReturnable.has(line.productId),
      ...codes.get(`${line.productId}:${line.size}`),
    })),
    total: order.total,
    collect: shipment ? (shipment.paymentMethod === "cod" ? shipment.codAmount : 0) : cashToCollect(order),
    gift: false,
    returns: { days: shop.returnDays, url: `${orderUrl}/return` },
    // A parcel shipped by hand has no tracking page: its order's page says where it is.
    trackingUrl: shipment?.awb ? `${shop.publicUrl}${trackingPathFor(shipment)}` : orderUrl,
  };
}

/**
 * The courier's own label document for these parcels, fetched and passed through; null when it
 * makes none for any of them or it cannot be had (the shop's own label serves then).
 */
async function courierLabels(carrier: CarrierProvider | null, parcels: readonly Parcel[]): Promise<Buffer | null> {
  const ids = parcels.map((parcel) => parcel.shipment?.awb && parcel.shipment.carrierShipmentId);
  if (!carrier || ids.length === 0 || ids.some((id) => !id)) return null;
  const batch = await carrier.labels(ids as string[]);
  if (!batch.url || batch.notMade.length > 0 || !/^https?:\/\//.test(batch.url)) return null;
  try {
    const response = await fetch(batch.url, { signal: AbortSignal.timeout(15_000) });
    const length = Number(response.headers.get("content-length") ?? 0);
    if (!response.ok || length > COURIER_LABEL_MAX_BYTES) return null;
    const pdf = Buffer.from(await response.arrayBuffer());
    return pdf.subarray(0, 5).toString("latin1") === "%PDF-" && pdf.length <= COURIER_LABEL_MAX_BYTES ? pdf : null;
  } catch {
    return null;
  }
}

/** Refuses an order whose paper is not printed now, saying why (a bulk print's result for that order). */
export async function assertPrintable(db: Db, actor: Actor, orderId: number): Promise<void> {
  assertCan(actor, "orders.pack");
  const parcel = await parcelOf(db, actor, orderId);
  if (typeof parcel === "string") throw new AppError("invalid-transition", parcel);
}

export type LabelDocument = { pdf: Buffer; source: "courier" | "shop"; filename: string };

/** An order's label: the courier's own when it makes one, else the shop's. */
export async function orderLabel(deps: PaperDeps, actor: Actor, orderId: number): Promise<LabelDocument> {
  assertCan(actor, "orders.pack");
  await assertMayOpenOrder(deps.db, actor, orderId);
  const parcel = await parcelOf(deps.db, actor, orderId);
  if (typeof parcel === "string") throw new AppError("not-found", parcel);
  const filename = `label-${parcel.order.orderNumber}.pdf`;
  const courier = await courierLabels(deps.carrier, [parcel]);
  if (courier) return { pdf: courier, source: "courier", filename };
  return { pdf: await renderShippingLabels([labelOf(parcel, deps.shop.seller)]), source: "shop", filename };
}

/** An order's packing slip. */
export async function orderPackingSlip(deps: PaperDeps, actor: Actor, orderId: number) {
  assertCan(actor, "orders.pack");
  await assertMayOpenOrder(deps.db, actor, orderId);
  const parcel = await parcelOf(deps.db, actor, orderId);
  if (typeof parcel === "string") throw new AppError("not-found", parcel);
  const pdf = await renderPackingSlips([await slipOf(deps.db, parcel, deps.shop)]);
  return { pdf, filename: `packing-slip-${parcel.order.orderNumber}.pdf` };
}

/**
 * Labels for many orders as one PDF: the courier's own document when it makes every one of them
 * (one call for all), else the shop's labels for all.
 */
export async function printLabels(
  deps: PaperDeps,
  actor: Actor,
  orderIds: readonly number[],
): Promise<PaperBatch & { source: "courier" | "shop" }> {
  assertCan(actor, "orders.pack");
  const { parcels, results } = await parcelsOf(deps.db, actor, orderIds);
  if (parcels.length === 0) return { pdf: null, results, source: "shop" };
  const courier = await courierLabels(deps.carrier, parcels);
  if (courier) return { pdf: courier, results, source: "courier" };
  const pdf = await renderShippingLabels(parcels.map((parcel) => labelOf(parcel, deps.shop.seller)));
  return { pdf, results, source: "shop" };
}

/** Each order's label followed by its packing slip, as one 4×6 PDF in the order given. */
export async function printParcelPapers(
  deps: PaperDeps,
  actor: Actor,
  orderIds: readonly number[],
): Promise<PaperBatch> {
  assertCan(actor, "orders.pack");
  const { parcels, results } = await parcelsOf(deps.db, actor, orderIds);
  if (parcels.length === 0) return { pdf: null, results };
  const papers = [];
  for (const parcel of parcels) {
    papers.push({ label: labelOf(parcel, deps.shop.seller), slip: await slipOf(deps.db, parcel, deps.shop) });
  }
  return { pdf: await renderParcelPapers(papers), results };
}

/** The pick list of the orders' pieces, on A4. */
export async function printPickList(
  deps: PaperDeps,
  actor: Actor,
  orderIds: readonly number[],
  now: number = Date.now(),
): Promise<PaperBatch> {
  assertCan(actor, "orders.pack");
  const { parcels, results } = await parcelsOf(deps.db, actor, orderIds);
  if (parcels.length === 0) return { pdf: null, results };
  const codes = await sizeCodesOf(
    deps.db,
    parcels.flatMap(({ lines }) => lines.map((line) => line.productId)),
  );
  const orders = parcels.map(({ order, lines }) => ({
    orderNumber: order.orderNumber,
    lines: lines.map((line) => ({ ...line, ...codes.get(`${line.productId}:${line.size}`) })),
  }));
  const name = parcels.length === 1 ? (parcels[0]?.order.orderNumber ?? "") : `${parcels.length} orders`;
  return { pdf: await renderPickList({ name, printedAt: now, orders }), results };
}

/** The orders waiting to ship, newest first (at most `limit`): what "Print labels for orders to ship" prints. */
export async function ordersToShip(db: Db, actor: Actor, limit = 50): Promise<number[]> {
  assertCan(actor, "orders.pack");
  const rows = await ordersWithFirstLine(db, { status: "placed" }, limit, 0);
  return rows.filter((row) => row.paymentStatus !== "awaiting" && row.paymentStatus !== "failed").map((row) => row.id);
}
