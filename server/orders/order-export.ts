import type { Actor } from "#core/actor.ts";
import { indiaDay } from "#core/dates.ts";
import { stateByCode } from "#core/indian-states.ts";
import { rupeeDecimal } from "#core/money.ts";
import { STATUS_LABELS } from "#core/order-status.ts";
import { PAYMENT_STATUS_LABELS, paymentWords } from "#core/payment-status.ts";
import { SHIPMENT_STATUS_LABELS } from "#core/shipment-status.ts";
import { assertCan } from "../access.ts";
import type { CsvRow } from "../csv/csv-writer.ts";
import type { Db } from "../db/schema.ts";
import { findExportLines } from "./order-index.repository.ts";
import type { OrderIndexQuery } from "./order-index.schemas.ts";
import { allowedTab, indexFilters, readOrderSearch } from "./order-index.service.ts";

/*
 * The orders file (record 45): one row per order line, for the orders the index lists with the
 * same tab, search and filters (or the rows ticked), newest first, read a page of orders at a
 * time. Amounts are rupees with two decimals, as a spreadsheet adds them up; the tax columns are
 * the invoice's rows (empty for orders placed before invoicing). Written through the one CSV
 * writer, which makes formula-like text harmless.
 */

export const ORDERS_CSV_HEADER: CsvRow = [
  "Order number",
  "Date",
  "Buyer",
  "State",
  "Pincode",
  "Product",
  "Size",
  "Quantity",
  "HSN",
  "Taxable value",
  "CGST",
  "SGST",
  "IGST",
  "Discount",
  "Line total",
  "Payment",
  "Courier",
  "AWB",
  "Status",
];

const ORDERS_A_PAGE = 200;

type Line = Awaited<ReturnType<typeof findExportLines>>[number];

function lineRow(line: Line): CsvRow {
  const gross = line.unitPrice * line.quantity;
  const discount = Number(line.offerDiscount ?? 0) + Number(line.pointsDiscount ?? 0);
  const taxed = line.taxable !== null;
  const total = taxed
    ? Number(line.taxable) + Number(line.cgst) + Number(line.sgst) + Number(line.igst)
    : gross - discount;
  const parcel = line.shipmentStatus ? ` · ${SHIPMENT_STATUS_LABELS[line.shipmentStatus]}` : "";
  return [
    line.orderNumber,
    indiaDay(Number(line.createdAt)),
    line.name,
    stateByCode(line.stateCode)?.name ?? line.stateCode,
    line.pincode,
    line.title,
    line.size,
    line.quantity,
    line.hsn,
    taxed ? rupeeDecimal(Number(line.taxable)) : null,
    taxed ? rupeeDecimal(Number(line.cgst)) : null,
    taxed ? rupeeDecimal(Number(line.sgst)) : null,
    taxed ? rupeeDecimal(Number(line.igst)) : null,
    rupeeDecimal(discount),
    rupeeDecimal(total),
    paymentWords(line.paymentMethod === "online" ? "online" : "cod", PAYMENT_STATUS_LABELS[line.paymentStatus]),
    line.shipmentCourier ?? line.courier,
    line.awb ?? line.trackingNumber,
    `${STATUS_LABELS[line.status]}${parcel}`,
  ];
}

/**
 * The file's rows as they are read, header first. The permission is checked when it is asked for,
 * before any row is read, so a refusal is an answer of its own, never a broken download.
 */
export function ordersCsvRows(
  db: Db,
  actor: Actor,
  query: OrderIndexQuery,
  ticked: readonly number[] = [],
): AsyncGenerator<CsvRow> {
  assertCan(actor, "orders.export");
  const read = {
    tab: ticked.length > 0 ? ("all" as const) : allowedTab(actor, query.tab),
    search: ticked.length > 0 ? ({ kind: "none" } as const) : readOrderSearch(query.q),
    filters: ticked.length > 0 ? { orderIds: ticked } : indexFilters(query),
  };
  return (async function* rows() {
    yield ORDERS_CSV_HEADER;
    let after: { createdAt: number; id: number } | undefined;
    for (;;) {
      const lines = await findExportLines(db, { ...read, after }, ORDERS_A_PAGE);
      for (const line of lines) yield lineRow(line);
      const last = lines.at(-1);
      const orders = new Set(lines.map((line) => line.id)).size;
      if (!last || orders < ORDERS_A_PAGE) return;
      after = { createdAt: Number(last.createdAt), id: last.id };
    }
  })();
}
