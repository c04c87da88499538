import { extractText, getDocumentProxy } from "unpdf";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import { updateProduct } from "../catalog/catalog-admin.service.ts";
import type { Db } from "../db/schema.ts";
import { customerDocument, guestDocument } from "../orders/order-documents.service.ts";
import { changeStatus, orderByAccessToken } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  shopSigning,
} from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { gstReport } from "./gst-report.service.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { invoiceDocument } from "./invoices.service.ts";

const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function guestOrder(db: Db, productId: number, details: Record<string, unknown> = {}, now = Date.now()) {
  const visitor = makeVisitor();
  await addToCart(db, visitor, { productId, size: "M" });
  return placeOrder(db, visitor, checkoutDetails(details), atShop(now));
}

describeEachDatabase("tax invoices", (database) => {
  it("invoices a sale in Maharashtra with CGST and SGST, and prints every particular of Rule 46", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, {
      title: "Saffron Chanderi Kurta",
      price: 249_900,
      hsn: "6204",
      sizes: { M: 5 },
    });
    const placed = await guestOrder(db, kurta);
    const order = await orderByAccessToken(db, placed.accessToken);
    expect(order.invoice?.number).toMatch(/^KS\/\d\d-\d\d\/\d{6}$/);
    const document = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    expect(document.supplyType).toBe("intra");
    expect(document.lines.map((l) => [l.kind, l.hsn, l.rateBps, l.taxable, l.cgst, l.sgst, l.igst])).toEqual([
      ["goods", "6204", 500, 238_000, 5_950, 5_950, 0],
      ["shipping", "6204", 500, 9_524, 238, 238, 0],
    ]);
    expect(document.totals.total).toBe(order.total);
    expect(document.totals.taxable + document.totals.cgst + document.totals.sgst).toBe(order.total);

    const text = await pdfText((await guestDocument(db, shopSigning(), placed.accessToken, "invoice")).pdf);
    for (const expected of [
      "TAX INVOICE",
      "कर बीजक",
      DEMO_SELLER.legalName,
      DEMO_SELLER.gstin,
      order.invoice?.number ?? "?",
      "Place of supply",
      "Maharashtra (27)",
      "Reverse charge",
      "6204",
      "Shipping and handling",
      "59.50",
      "2,380.00",
      "₹ 2,599.00",
      "Rupees Two Thousand Five Hundred Ninety-Nine Only",
      `For ${DEMO_SELLER.legalName}`,
      "Meera Kulkarni",
      "Director",
      "Authorised signatory",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("invoices a sale to West Bengal with IGST", async () => {
    const { db } = database();
    const suit = await makeProduct(db, { price: 429_900, hsn: "6204", sizes: { M: 5 } });
    const placed = await guestOrder(db, suit, KOLKATA);
    const order = await orderByAccessToken(db, placed.accessToken);
    const document = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    expect(document.supplyType).toBe("inter");
    expect(document.lines[0]).toMatchObject({ rateBps: 1800, taxable: 364_322, cgst: 0, sgst: 0, igst: 65_578 });
    const text = await pdfText(await renderInvoicePdf(document));
    expect(text).toContain("West Bengal (19)");
    expect(text).toContain("IGST");
    expect(text).toContain("655.78");
    expect(text).not.toContain("CGST");
  });

  it("keeps an invoice as issued when the price or the product changes afterwards", async () => {
    const { db } = database();
    const id = await makeProduct(db, { price: 189_900, hsn: "6204", sizes: { M: 5 } });
    const placed = await guestOrder(db, id);
    const before = await invoiceDocument(
      db,
      await orderByAccessToken(db, placed.accessToken),
      "invoice",
      DEMO_SIGNATORY,
    );
    const product = await findProduct(db, id);
    if (!product) throw new Error("no product");
    await updateProduct(db, SYSTEM, id, {
      ...product,
      price: 399_900,
      hsn: "9102",
      flags: product.flags,
      images: product.images,
    });
    const after = await invoiceDocument(
      db,
      await orderByAccessToken(db, placed.accessToken),
      "invoice",
      DEMO_SIGNATORY,
    );
    expect(after).toEqual(before);
  });

  it("invoices the shipping a customer pays when points pay for all the goods", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    // A ₹10,000 order earns 100 points; they then pay for a ₹50 scarf in full.
    const earning = await makeProduct(db, { price: 1_000_000, hsn: "6204", sizes: { M: 5 } });
    await addToCart(db, actor, { productId: earning, size: "M" });
    const first = await placeOrder(db, actor, checkoutDetails(), atShop());
    // Points become spendable once the order that earns them is delivered.
    await changeStatus(db, SYSTEM, { orderId: first.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: first.id, from: "shipped", to: "delivered" });
    const scarf = await makeProduct(db, { price: 5_000, hsn: "6214", sizes: { M: 5 } });
    await addToCart(db, actor, { productId: scarf, size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails({ redeemPoints: true }), atShop());
    const order = await orderByAccessToken(db, placed.accessToken);
    expect(order).toMatchObject({ pointsRedeemed: 50, total: 10_000 });
    const document = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    expect(document.totals.total).toBe(order.total);
    expect(document.lines.map((l) => [l.kind, l.gross, l.discount, l.taxable, l.cgst, l.sgst])).toEqual([
      ["goods", 5_000, 5_000, 0, 0, 0],
      ["shipping", 10_000, 0, 9_524, 238, 238],
    ]);
    const text = await pdfText(await renderInvoicePdf(document));
    expect(text).toContain("Rupees One Hundred Only");
  });

  it("reports shipping in the HSN summary under the goods' HSN, adding no pieces", async () => {
    const { db } = database();
    const admin = actorFor(await makeCustomer(db), "admin");
    const kurta = await makeProduct(db, { price: 249_900, hsn: "6204", sizes: { M: 5 } });
    // A month no other test invoices in.
    await guestOrder(db, kurta, {}, Date.UTC(2029, 1, 10, 6));
    const report = await gstReport(db, admin, "2029-02");
    expect(report.hsnB2c).toEqual([
      {
        hsn: "6204",
        rateBps: 500,
        quantity: 1,
        taxable: 238_000 + 9_524,
        cgst: 5_950 + 238,
        sgst: 5_950 + 238,
        igst: 0,
      },
    ]);
  });

  it("taxes a cotton or jute handbag at 5 % and a leather one at 18 %, keeping the material sold on the line", async () => {
    const { db } = database();
    const rates: number[] = [];
    for (const fabric of ["Cotton", "Jute", "Leather"]) {
      const bag = await makeProduct(db, { price: 149_900, hsn: "4202", fabric, sizes: { "One Size": 5 } });
      const visitor = makeVisitor();
      await addToCart(db, visitor, { productId: bag, size: "One Size" });
      const placed = await placeOrder(db, visitor, checkoutDetails(), atShop());
      const order = await orderByAccessToken(db, placed.accessToken);
      expect(order.lines[0]?.material).toBe(fabric);
      const document = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
      rates.push(document.lines[0]?.rateBps ?? 0);
    }
    expect(rates).toEqual([500, 500, 1800]);
  });

  it("numbers 200 orders placed at once 1 to 200, with no gap and no repeat", async () => {
    const { db } = database();
    const product = await makeProduct(db, { price: 99_900, hsn: "6109", sizes: { M: 400 } });
    // A financial year no other test uses, so the series starts at 1.
    const inFy3031 = Date.UTC(2030, 5, 1);
    const visitors = Array.from({ length: 200 }, () => makeVisitor());
    for (const visitor of visitors) await addToCart(db, visitor, { productId: product, size: "M" });
    const placed = await Promise.all(
      visitors.map((visitor) => placeOrder(db, visitor, checkoutDetails(), atShop(inFy3031))),
    );
    const numbers = await Promise.all(
      placed.map(async (order) => (await orderByAccessToken(db, order.accessToken)).invoice?.number ?? ""),
    );
    const serials = numbers.map((number) => Number(number.replace("KS/30-31/", ""))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));

    // The last moments of March still count in the year; April starts a new one at 1.
    const march31 = Date.UTC(2031, 2, 31, 17, 0); // 22:30 in India
    const april1 = Date.UTC(2031, 2, 31, 19, 0); // 00:30 in India
    const late = await guestOrder(db, product, {}, march31);
    const early = await guestOrder(db, product, {}, april1);
    expect((await orderByAccessToken(db, late.accessToken)).invoice?.number).toBe("KS/30-31/000201");
    expect((await orderByAccessToken(db, early.accessToken)).invoice?.number).toBe("KS/31-32/000001");
  });

  it("dates invoices and credit notes in the order of their numbers, whatever moment each order began at", async () => {
    const { db } = database();
    const product = await makeProduct(db, { price: 99_900, hsn: "6109", sizes: { M: 100 } });
    // A financial year no other test uses; each order starts at a moment out of step with the others.
    const start = Date.UTC(2033, 5, 1, 6);
    const shuffled = (i: number, count: number) => start + ((i * 17) % count) * 60_000;
    const visitors = Array.from({ length: 40 }, () => makeVisitor());
    for (const visitor of visitors) await addToCart(db, visitor, { productId: product, size: "M" });
    const placed = await Promise.all(
      visitors.map((visitor, i) => placeOrder(db, visitor, checkoutDetails(), atShop(shuffled(i, 40)))),
    );
    const later = 86_400_000;
    await Promise.all(
      placed.map((order, i) =>
        changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "cancelled" }, later + shuffled(i, 40)),
      ),
    );
    const orders = await Promise.all(placed.map((order) => orderByAccessToken(db, order.accessToken)));
    for (const kind of ["invoice", "creditNote"] as const) {
      const documents = orders
        .map((order) => ({ number: order[kind]?.number ?? "", date: order[kind]?.date ?? 0 }))
        .sort((a, b) => a.number.localeCompare(b.number));
      expect(documents.map((document) => document.number.slice(3))).toEqual(
        documents.map((_, i) => `33-34/${String(i + 1).padStart(6, "0")}`),
      );
      const dates = documents.map((document) => document.date);
      expect(dates, kind).toEqual([...dates].sort((a, b) => a - b));
    }
    // No document is dated before the moment its order (or its cancellation) began.
    for (const [i, order] of orders.entries()) {
      expect(order.invoice?.date).toBeGreaterThanOrEqual(shuffled(i, 40));
      expect(order.creditNote?.date).toBeGreaterThanOrEqual(later + shuffled(i, 40));
    }
  });

  it("issues a credit note reversing the invoice when the order is cancelled; only the buyer can download", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const stranger = await makeCustomer(db);
    const actor = actorFor(customer);
    const id = await makeProduct(db, { price: 149_900, hsn: "6204", sizes: { M: 5 } });
    await addToCart(db, actor, { productId: id, size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails(), atShop());
    expect((await failure(customerDocument(db, shopSigning(), actor, placed.orderNumber, "credit-note"))).code).toBe(
      "not-found",
    );
    expect(
      (await failure(customerDocument(db, shopSigning(), actorFor(stranger), placed.orderNumber, "invoice"))).code,
    ).toBe("not-found");
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled" });
    const order = await orderByAccessToken(db, placed.accessToken);
    expect(order.creditNote?.number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    const file = await customerDocument(db, shopSigning(), actor, placed.orderNumber, "credit-note");
    expect(file.filename).toBe(`${order.creditNote?.number.replaceAll("/", "-")}.pdf`);
    const text = await pdfText(file.pdf);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(`${order.invoice?.number}`);
    expect(text).toContain("section 34");
  });
});
