import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { viewCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus, customerOrder } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { paymentPage } from "../payments/online-payments.service.ts";
import { RazorpayGateway } from "../payments/razorpay.ts";
import { returnDocument } from "../returns/return-documents.ts";
import { requestReturn, returnsOfOrder } from "../returns/returns.service.ts";
import { storeCreditSummary } from "../store-credit/store-credit.service.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "../tax/seller.ts";
import { actorFor, makeCustomer, makeProduct, shopSigning, uniqueWord } from "../testing/factories.ts";
import { startLocalGateway } from "../testing/local-gateway.ts";
import { checkoutAsSeen, enterCode, fillCart, makeOffer, orderCart } from "../testing/offer-fixtures.ts";
import { mailsTo } from "../testing/outbox.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { gstReport, monthOf } from "./gst-report.service.ts";
import { gstr1Json } from "./gstr1-json.ts";
import { invoiceDocument, signedDocumentFile } from "./invoices.service.ts";

/*
 * Amounts to pay are whole rupees (record 34): the round off is decided when the order is priced,
 * kept with it, and printed on its invoice outside the taxable value; credit notes and refunds
 * follow the same rule.
 */

const ADMIN = actorFor({ id: "admin", email: "owner@example.com" }, "admin");
const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };
const pdfOf = async (document: Parameters<typeof signedDocumentFile>[1]) =>
  pdfText((await signedDocumentFile(shopSigning(), document)).pdf);

/** A cart that costs ₹4,378.15 to pay: a ₹4,753.50 piece, 10 % off (₹475.35), and ₹100 shipping. */
async function cartOfPaise(db: Db) {
  const customer = await makeCustomer(db);
  const actor = actorFor(customer);
  const lehenga = await makeProduct(db, { price: 475_350, hsn: "6204", sizes: { M: 3 } });
  const code = uniqueWord("ROUND").toUpperCase();
  await makeOffer(db, { name: code });
  await fillCart(db, actor, [[lehenga, 1]]);
  await enterCode(db, actor, code);
  return { customer, actor };
}

describeEachDatabase("round off", (database) => {
  it("asks whole rupees for a cash order and prints the round off outside the taxable value", async () => {
    const { db } = database();
    const { customer, actor } = await cartOfPaise(db);
    // The cart already shows what the courier will collect: ₹4,378, not ₹4,378.15.
    expect(await viewCart(db, actor)).toMatchObject({ grandTotal: 437_800, roundOff: -15 });
    const placed = await orderCart(db, actor);
    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({ total: 437_800, roundOff: -15 });

    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    const { taxable, cgst, sgst, igst, total } = invoice.totals;
    expect([total, taxable + cgst + sgst + igst, invoice.roundOff]).toEqual([437_815, 437_815, -15]);
    const text = await pdfOf(invoice);
    expect(text).toMatch(/SGST [\d,.]+ Round off − 0\.15 Grand total ₹ 4,378\.00/);
    expect(text).toContain("Rupees Four Thousand Three Hundred Seventy-Eight Only");
    expect(text).toContain("The round off brings the amount to a whole rupee");

    const mail = (await mailsTo(db, customer.email)).find((queued) => queued.kind === "order-placed");
    expect(mail?.payload).toMatchObject({ total: 437_800, roundOff: -15 });

    // The month's return carries the taxable value and tax, never the round off.
    const report = await gstReport(db, ADMIN, monthOf(Date.now()));
    const b2cs = report.b2cs.find((row) => row.stateCode === "27" && row.rateBps === invoice.lines[0]?.rateBps);
    expect(b2cs?.taxable).toBeGreaterThanOrEqual(taxable);

    // Cancelled, its credit note reverses the invoice in full, round off and all.
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "cancelled" });
    const cancelled = await customerOrder(db, actor, placed.orderNumber);
    const note = await invoiceDocument(db, cancelled, "credit-note", DEMO_SIGNATORY);
    expect(note.roundOff).toBe(-15);
    expect(await pdfOf(note)).toMatch(/Round off − 0\.15 Total credit ₹ 4,378\.00/);
  });

  it("pays a return back in whole rupees, its credit note showing the round off, and an exchange nothing to pay", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    // 10 % off two ₹999 kurtas: each piece was paid ₹899.10.
    const kurta = await makeProduct(db, { price: 99_900, hsn: "6204", sizes: { M: 5, L: 5 } });
    await makeOffer(db, { name: "KURTA10" });
    await fillCart(db, actor, [[kurta, 2]]);
    await enterCode(db, actor, "KURTA10");
    const placed = await orderCart(db, actor);
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });
    const which = { orderNumber: placed.orderNumber };

    const refund = await requestReturn(db, { returnDays: 14 }, actor, which, {
      position: 0,
      quantity: 1,
      kind: "refund",
      reason: "too-small",
      refundMethod: "store-credit",
    });
    await takeThrough(db, refund.id, "refunded");
    const [returned] = await returnsOfOrder(db, actor, which);
    expect(returned).toMatchObject({ amount: 89_900 });
    expect(await storeCreditSummary(db, actor)).toMatchObject({ balance: 89_900 });
    const note = await returnDocument(db, actor, which, refund.id, "credit-note", DEMO_SIGNATORY);
    expect([note.totals.total, note.roundOff]).toEqual([89_910, -10]);
    expect(await pdfOf(note)).toMatch(/Round off − 0\.10 Total credit ₹ 899\.00/);

    const exchange = await requestReturn(db, { returnDays: 14 }, actor, which, {
      position: 0,
      quantity: 1,
      kind: "exchange",
      reason: "too-small",
      exchangeSize: "L",
    });
    await takeThrough(db, exchange.id, "exchange-shipped");
    const replacement = await returnDocument(db, actor, which, exchange.id, "invoice", DEMO_SIGNATORY);
    expect(replacement.roundOff).toBe(-10);
    expect(await pdfOf(replacement)).toContain("Balance to pay ₹ 0.00");
  });

  it("asks the payment gateway whole rupees for an online order", async () => {
    const { db } = database();
    const { actor } = await cartOfPaise(db);
    const local = await startLocalGateway();
    try {
      const details = await checkoutAsSeen(db, actor, { paymentMethod: "online" });
      const payments = { online: true, codMaxPaise: 10_000_00, codFeePaise: 0 };
      const placed = await placeOrder(db, actor, details, { seller: DEMO_SELLER, payments });
      const page = await paymentPage(db, new RazorpayGateway(local.settings()), placed.accessToken);
      expect(page.checkout).toMatchObject({ amount: 437_800, currency: "INR" });
    } finally {
      await local.close();
    }
  });

  it("files a listed invoice's value as it asks, round off included, and its taxable value without it", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    // To Kolkata, ₹1,20,000.50 less 10 % and ₹100 shipping: ₹1,08,100.45, asked as ₹1,08,100.
    const lehenga = await makeProduct(db, { price: 1_20_000_50, hsn: "6204", sizes: { M: 2 } });
    await makeOffer(db, { name: "BRIDE10" });
    await fillCart(db, actor, [[lehenga, 1]]);
    await enterCode(db, actor, "BRIDE10");
    const placed = await orderCart(db, actor, KOLKATA);
    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({ total: 1_08_100_00, roundOff: -45 });
    const report = await gstReport(db, ADMIN, monthOf(Date.now()));
    const listed = report.b2cl.find((document) => document.invoiceNumber === order.invoice?.number);
    const rows = listed?.rows ?? [];
    expect(listed?.value).toBe(1_08_100_00);
    expect(rows.reduce((sum, row) => sum + row.taxable + row.igst, 0)).toBe(1_08_100_45);
    const json = gstr1Json(report, DEMO_SELLER.gstin);
    const filed = json.b2cl?.flatMap((place) => place.inv).find((invoice) => invoice.inum === order.invoice?.number);
    expect(filed?.val).toBe(108100);
  });

  it("lets store credit pay only whole rupees of an order it does not pay in full", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    await db.updateTable("users").set({ storeCreditBalance: 500_55 }).where("id", "=", customer.id).execute();
    const kurta = await makeProduct(db, { price: 129_900, sizes: { M: 3 } });
    await fillCart(db, actor, [[kurta, 1]]);
    expect((await viewCart(db, actor, { useStoreCredit: true })).storeCredit).toMatchObject({
      applied: 500_00,
      toPay: 89_900,
    });
  });
});
