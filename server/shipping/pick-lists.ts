import { formatShopDateTime } from "#core/dates.ts";
import { SIZES, sizeText } from "#core/sizes.ts";
import { A4, finish, INK, newPaper, rule, tickBox } from "./paper.ts";

/*
 * A pick list for a batch of orders, on A4 for the shelves: each product and size once, with how
 * many pieces to take and which orders they go to, in the order the shelves are laid out (by
 * product, then size from S up), and a box to tick as the pieces are taken.
 */

export type PickOrder = {
  orderNumber: string;
  lines: readonly {
    productId: number;
    title: string;
    size: string;
    quantity: number;
    /** The size's SKU and barcode (record 46): what the shelves are labelled with. */
    sku?: string | null;
    barcode?: string | null;
  }[];
};

export type PickRow = {
  productId: number;
  title: string;
  size: string;
  sku?: string | null;
  barcode?: string | null;
  quantity: number;
  /** The orders that take this product in this size, with how many each. */
  orders: { orderNumber: string; quantity: number }[];
};

const sizeRank = (size: string) => {
  const rank = (SIZES as readonly string[]).indexOf(size);
  return rank === -1 ? SIZES.length : rank;
};

/** The batch's pieces by product and size, the orders under each, in shelf order. */
export function aggregatePickList(orders: readonly PickOrder[]): PickRow[] {
  const rows = new Map<string, PickRow>();
  for (const order of orders) {
    for (const line of order.lines) {
      const key = `${line.productId}\u0000${line.size}`;
      const row = rows.get(key) ?? {
        productId: line.productId,
        title: line.title,
        size: line.size,
        ...(line.sku ? { sku: line.sku } : {}),
        ...(line.barcode ? { barcode: line.barcode } : {}),
        quantity: 0,
        orders: [],
      };
      row.quantity += line.quantity;
      const already = row.orders.find((entry) => entry.orderNumber === order.orderNumber);
      if (already) already.quantity += line.quantity;
      else row.orders.push({ orderNumber: order.orderNumber, quantity: line.quantity });
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.title.localeCompare(b.title, "en-IN") || a.productId - b.productId || sizeRank(a.size) - sizeRank(b.size),
  );
}

const MARGIN = 40;
const RIGHT = A4[0] - MARGIN;
const BOTTOM = A4[1] - MARGIN;
const COLUMNS = {
  tick: MARGIN,
  product: MARGIN + 22,
  size: MARGIN + 262,
  quantity: MARGIN + 322,
  orders: MARGIN + 370,
};

/** The batch's pick list as a PDF, on as many A4 pages as it needs. */
export function renderPickList(batch: {
  name: string;
  printedAt: number;
  orders: readonly PickOrder[];
}): Promise<Buffer> {
  const paper = newPaper(`Pick list ${batch.name}`);
  const { doc } = paper;
  const rows = aggregatePickList(batch.orders);
  const pieces = rows.reduce((sum, row) => sum + row.quantity, 0);
  const heading = `${batch.orders.length} ${batch.orders.length === 1 ? "order" : "orders"}, ${pieces} ${pieces === 1 ? "piece" : "pieces"}`;
  let y = pickPage(doc, batch.name, `${heading} · printed ${formatShopDateTime(batch.printedAt)}`);
  for (const row of rows) {
    const orders = row.orders.map((entry) =>
      entry.quantity > 1 ? `${entry.orderNumber} ×${entry.quantity}` : entry.orderNumber,
    );
    doc.font("regular").fontSize(9.5);
    const codes = [row.sku, row.barcode && row.barcode !== row.sku ? row.barcode : null].filter(Boolean).join(" · ");
    const title = codes ? `${row.title}\n${codes}` : row.title;
    const height = Math.max(
      doc.heightOfString(title, { width: COLUMNS.size - COLUMNS.product - 8 }),
      doc.heightOfString(orders.join(", "), { width: RIGHT - COLUMNS.orders }),
    );
    if (y + height + 8 > BOTTOM) y = pickPage(doc, batch.name, `${heading} (continued)`);
    tickBox(doc, COLUMNS.tick, y + 1);
    doc.fillColor(INK).text(title, COLUMNS.product, y, { width: COLUMNS.size - COLUMNS.product - 8 });
    doc.font("bold").text(sizeText(row.size), COLUMNS.size, y, { width: COLUMNS.quantity - COLUMNS.size - 4 });
    doc.fontSize(11).text(String(row.quantity), COLUMNS.quantity, y - 1, { width: 30, align: "right" });
    doc
      .font("regular")
      .fontSize(9.5)
      .text(orders.join(", "), COLUMNS.orders, y, { width: RIGHT - COLUMNS.orders });
    y += height + 6;
    rule(doc, y - 3, MARGIN, RIGHT, 0.3);
  }
  return finish(paper);
}

function pickPage(doc: PDFKit.PDFDocument, name: string, subtitle: string): number {
  doc.addPage({ size: A4, margin: 0 });
  doc.fillColor(INK).font("bold").fontSize(18).text(`Pick list · ${name}`, MARGIN, MARGIN);
  doc
    .font("regular")
    .fontSize(10)
    .text(subtitle, MARGIN, MARGIN + 24);
  const y = MARGIN + 48;
  doc.font("bold").fontSize(8);
  doc.text("PRODUCT", COLUMNS.product, y);
  doc.text("SIZE", COLUMNS.size, y);
  doc.text("PIECES", COLUMNS.quantity, y, { width: 30, align: "right" });
  doc.text("FOR ORDERS", COLUMNS.orders, y);
  rule(doc, y + 12, MARGIN, RIGHT);
  return y + 18;
}
