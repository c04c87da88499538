import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { deleteAccount } from "../accounts/identity.service.ts";
import { addToCart, viewCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { invoiceDocument } from "../invoices/invoices.service.ts";
import { moneyStory } from "../payments/money-story.ts";
import { findPaymentEvents } from "../payments/payments.repository.ts";
import { advanceReturn, requestReturn, returnsOfOrder } from "../returns/returns.service.ts";
import { checkInParcel } from "../shipping/check-in.service.ts";
import { storeCreditSummary } from "../store-credit/store-credit.service.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "../testing/factories.ts";
import { enterCode, fillCart, makeOffer, orderCart } from "../testing/offer-fixtures.ts";
import { mailsTo } from "../testing/outbox.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { ADMIN, stockOf } from "../testing/return-fixtures.ts";
import { scratchStorage } from "../testing/scratch-storage.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { customerDocument } from "./order-documents.service.ts";
import { cancelOrderAsBuyer, changeStatus, customerOrder } from "./orders.service.ts";
import { placeOrder, type Sale } from "./place-order.ts";

/** A customer holding store credit (as a return of a cash order would have left them). */
async function customerWithCredit(db: Db, paise: number) {
  const customer = await makeCustomer(db);
  await db.updateTable("users").set({ storeCreditBalance: paise }).where("id", "=", customer.id).execute();
  return { customer, actor: actorFor(customer) };
}

const cashSale = (payments: Partial<NonNullable<Sale["payments"]>> = {}): Sale => ({
  seller: DEMO_SELLER,
  payments: { online: false, codMaxPaise: 10_000_000, codFeePaise: 0, ...payments },
});

/** Order Now of one piece, paid partly with the store credit the page showed. */
const buyNow = (db: Db, actor: Actor, productId: number, storeCredit: number, sale: Sale = atShop()) =>
  placeOrder(db, actor, checkoutDetails({ buyProductId: String(productId), buySize: "M", storeCredit }), sale);

describeEachDatabase("store credit at checkout", (database) => {
  const storage = scratchStorage("kesar-credit-");
  it("pays part of an order as a payment: the invoice's tax stays, and every page and the mail say what is left", async () => {
    const { db } = database();
    const { customer, actor } = await customerWithCredit(db, 1_000_00);
    const kurta = await makeProduct(db, { price: 249_900, sizes: { M: 3 } });
    await addToCart(db, actor, { productId: kurta, size: "M" });

    const cart = await viewCart(db, actor, { useStoreCredit: true });
    expect(cart.grandTotal).toBe(259_900);
    expect(cart.storeCredit).toEqual({ balance: 1_000_00, usable: 1_000_00, applied: 1_000_00, toPay: 159_900 });
    expect((await viewCart(db, actor)).storeCredit).toMatchObject({ applied: 0, toPay: 259_900 });

    const placed = await placeOrder(db, actor, checkoutDetails({ storeCredit: 1_000_00 }), atShop());
    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({ total: 259_900, storeCreditUsed: 1_000_00, pointsEarned: 24 });
    expect(order.payment).toMatchObject({ method: "cod", status: "cod-due" });
    expect(await storeCreditSummary(db, actor)).toMatchObject({
      balance: 0,
      ledger: [{ kind: "spent", amount: -1_000_00, orderNumber: placed.orderNumber }],
    });

    // Not a discount: the invoice's taxable value and tax are those of the same piece bought without it.
    const other = actorFor(await makeCustomer(db));
    await addToCart(db, other, { productId: kurta, size: "M" });
    const plain = await placeOrder(db, other, checkoutDetails(), atShop());
    const signing = { signatory: DEMO_SIGNATORY, certificate: undefined };
    const [withCredit, without] = await Promise.all([
      customerDocument(db, signing, actor, placed.orderNumber, "invoice"),
      customerDocument(db, signing, other, plain.orderNumber, "invoice"),
    ]);
    const text = pdfText(withCredit.pdf);
    expect(text).toContain("Paid by store credit − 1,000.00");
    expect(text).toContain("Balance to pay ₹ 1,599.00");
    expect(text).toContain("Grand total ₹ 2,599.00");
    // The tax-by-rate row: rate, taxable value, CGST, SGST and total tax.
    const taxRow = (pdf: string) => /Total tax (\d+% [\d,.]+ [\d,.]+ [\d,.]+ [\d,.]+)/.exec(pdf)?.[1];
    expect(taxRow(text)).toBe("5% 2,475.24 61.88 61.88 123.76");
    expect(taxRow(text)).toBe(taxRow(pdfText(without.pdf)));
    expect(pdfText(without.pdf)).not.toContain("store credit");

    expect((await moneyStory(db, ADMIN, placed.id)).map((event) => [event.label, event.amount]).sort()).toEqual([
      ["Paid by store credit", 1_000_00],
      ["Tax invoice issued", 259_900],
    ]);
    const confirmation = (await mailsTo(db, customer.email)).find((mail) => mail.kind === "order-placed");
    expect(confirmation?.payload).toMatchObject({ total: 259_900, storeCredit: 1_000_00 });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    const shipped = (await mailsTo(db, customer.email)).find((mail) => mail.payload.status === "shipped");
    expect(shipped?.payload).toMatchObject({ amountDue: 159_900 });
  });

  it("lets one of two tabs spend the same credit and refuses the other, which leaves nothing behind", async () => {
    const { db } = database();
    const { actor } = await customerWithCredit(db, 500_00);
    const [kurta, dupatta] = [
      await makeProduct(db, { price: 129_900, sizes: { M: 2 } }),
      await makeProduct(db, { price: 89_900, sizes: { M: 2 } }),
    ];
    const results = await Promise.allSettled([buyNow(db, actor, kurta, 500_00), buyNow(db, actor, dupatta, 500_00)]);
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      code: "store-credit-changed",
      status: 409,
      userMessage: expect.stringContaining("Your order has not been placed"),
    });
    const orders = await db
      .selectFrom("orders")
      .select(["id", "storeCreditUsed"])
      .where("userId", "=", actor.userId)
      .execute();
    expect(orders).toEqual([expect.objectContaining({ storeCreditUsed: 500_00 })]);
    expect(((await stockOf(db, kurta, "M")) ?? 0) + ((await stockOf(db, dupatta, "M")) ?? 0)).toBe(3);
    expect(await storeCreditSummary(db, actor)).toMatchObject({ balance: 0, ledger: [{ kind: "spent" }] });
  });

  it("is decided by the server: a page that saw another amount is refused, and a visitor has none", async () => {
    const { db } = database();
    const { actor } = await customerWithCredit(db, 700_00);
    const kurta = await makeProduct(db, { price: 129_900, sizes: { M: 2 } });
    expect(await failure(buyNow(db, actor, kurta, 500_00))).toMatchObject({
      code: "store-credit-changed",
      message: expect.stringContaining("it pays ₹700 of this order now (you saw ₹500)"),
    });
    expect(await failure(buyNow(db, actor, kurta, 9_999_00))).toMatchObject({ code: "store-credit-changed" });
    expect(await stockOf(db, kurta, "M")).toBe(2);
    // A visitor's form cannot name any: it pays nothing, and the order costs what it costs.
    const visitor = { kind: "visitor" as const, guestId: "guest-credit-test" };
    const guestOrder = await buyNow(db, visitor, kurta, 700_00);
    expect(
      await db.selectFrom("orders").select("storeCreditUsed").where("id", "=", guestOrder.id).executeTakeFirst(),
    ).toEqual({ storeCreditUsed: 0 });
  });

  it("applies the cash-on-delivery cap and fee to what is left to pay, and pays in full with no fee", async () => {
    const { db } = database();
    const { actor } = await customerWithCredit(db, 1_000_00);
    const lehenga = await makeProduct(db, { price: 249_900, sizes: { M: 3 } });
    const capped = cashSale({ codMaxPaise: 2_000_00, codFeePaise: 49_00 });
    expect(await failure(buyNow(db, actor, lehenga, 0, capped))).toMatchObject({ code: "cod-not-offered" });
    const placed = await buyNow(db, actor, lehenga, 1_000_00, capped);
    expect(await customerOrder(db, actor, placed.orderNumber)).toMatchObject({
      total: 259_900 + 49_00,
      storeCreditUsed: 1_000_00,
      payment: { codFee: 49_00 },
    });

    const rich = await customerWithCredit(db, 10_000_00);
    const paid = await placeOrder(
      db,
      rich.actor,
      checkoutDetails({ buyProductId: String(lehenga), buySize: "M", storeCredit: 259_900, paymentMethod: "online" }),
      cashSale({ online: true, codFeePaise: 49_00 }),
    );
    expect(paid.payOnline).toBe(false);
    const order = await customerOrder(db, rich.actor, paid.orderNumber);
    expect(order).toMatchObject({
      total: 259_900,
      storeCreditUsed: 259_900,
      payment: { method: "cod", status: "paid", label: "Paid by store credit", codFee: 0 },
    });
    expect(order.invoice?.number).toMatch(/^KS\//);
    expect(await storeCreditSummary(db, rich.actor)).toMatchObject({ balance: 10_000_00 - 259_900 });
  });

  it("gives the credit back when the order is cancelled or refused at the door, naming the order", async () => {
    const { db } = database();
    const { customer, actor } = await customerWithCredit(db, 600_00);
    const kurta = await makeProduct(db, { price: 129_900, sizes: { M: 2 } });
    const cancelled = await buyNow(db, actor, kurta, 600_00);
    await cancelOrderAsBuyer(db, actor, { orderNumber: cancelled.orderNumber }, { reason: "ordered-by-mistake" });
    expect(await storeCreditSummary(db, actor)).toMatchObject({
      balance: 600_00,
      ledger: [
        { kind: "spending-returned", amount: 600_00, orderNumber: cancelled.orderNumber },
        { kind: "spent", amount: -600_00, orderNumber: cancelled.orderNumber },
      ],
    });
    const mail = (await mailsTo(db, customer.email)).find((entry) => entry.payload.status === "cancelled");
    expect(mail?.payload).toMatchObject({ storeCreditBack: 600_00, refundAmount: null });

    const refused = await buyNow(db, actor, kurta, 600_00);
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "shipped", to: "returned-to-origin" });
    expect(await storeCreditSummary(db, actor)).toMatchObject({
      balance: 600_00,
      ledger: [{ kind: "spending-returned", orderNumber: refused.orderNumber }, { kind: "spent" }, {}, {}],
    });
    // The refused parcel's piece is on the shelf once it is checked in (record 43).
    expect(await stockOf(db, kurta, "M")).toBe(1);
    await checkInParcel(db, SYSTEM, refused.id);
    expect(await stockOf(db, kurta, "M")).toBe(2);
  });

  it("refunds a returned piece in store credit first, up to what was paid with it, then the way the buyer chose", async () => {
    const { db } = database();
    const { customer, actor } = await customerWithCredit(db, 3_000_00);
    const [kurta, dupatta] = [
      await makeProduct(db, { price: 249_900, sizes: { M: 2 } }),
      await makeProduct(db, { price: 249_900, sizes: { M: 2 } }),
    ];
    await addToCart(db, actor, { productId: kurta, size: "M" });
    await addToCart(db, actor, { productId: dupatta, size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails({ storeCredit: 3_000_00 }), atShop());
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });
    const which = { orderNumber: placed.orderNumber };
    const ask = (position: number) =>
      requestReturn(db, { returnDays: 14 }, actor, which, {
        position,
        quantity: 1,
        kind: "refund",
        reason: "too-large",
        refundMethod: "upi",
        upiId: "meera@okaxis",
      });
    const [first, second] = [await ask(0), await ask(1)];
    // Both accepted at the same moment, on two nodes: the credit is shared out once, in full.
    for (const [from, to] of [
      ["requested", "pickup-scheduled"],
      ["pickup-scheduled", "picked-up"],
      ["picked-up", "received"],
    ] as const) {
      for (const { id } of [first, second]) await advanceReturn(db, ADMIN, { returnId: id, from, to });
    }
    await Promise.all(
      [first, second].map(({ id }) => advanceReturn(db, ADMIN, { returnId: id, from: "received", to: "refunded" })),
    );
    const returns = await returnsOfOrder(db, actor, which);
    expect(returns.map((entry) => entry.amount)).toEqual([249_900, 249_900]);
    expect(returns.reduce((sum, entry) => sum + entry.storeCreditBack, 0)).toBe(3_000_00);
    expect(returns.map((entry) => entry.storeCreditBack).sort()).toEqual([50_100, 249_900].sort());
    const upi = (await findPaymentEvents(db, placed.id)).filter((event) => event.kind === "upi-refund-due");
    expect(upi.map((event) => Number(event.amount))).toEqual([249_900 * 2 - 3_000_00]);
    expect(await storeCreditSummary(db, actor)).toMatchObject({ balance: 3_000_00 });
    const refunded = (await mailsTo(db, customer.email)).filter((mail) => mail.payload.status === "refunded");
    expect(refunded.map((mail) => mail.payload.storeCreditBack).sort()).toEqual([50_100, 249_900].sort());
  });

  it("goes with the account when it is deleted, which a ledger of it does not stop", async () => {
    const { db } = database();
    const { customer, actor } = await customerWithCredit(db, 300_00);
    const kurta = await makeProduct(db, { price: 129_900, sizes: { M: 2 } });
    await buyNow(db, actor, kurta, 300_00);
    await deleteAccount(db, storage, actor, { password: customer.password, confirm: true });
    expect(await db.selectFrom("storeCreditLedger").selectAll().where("userId", "=", customer.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom("users").select("id").where("id", "=", customer.id).executeTakeFirst()).toBeUndefined();
  });

  it("pays what is left after an offer, and leaves the offer's discount the only one on the invoice", async () => {
    const { db } = database();
    const { actor } = await customerWithCredit(db, 1_000_00);
    const kurta = await makeProduct(db, { price: 249_900, sizes: { M: 3 } });
    await makeOffer(db, { name: "CREDIT10" });
    await fillCart(db, actor, [[kurta, 1]]);
    await enterCode(db, actor, "CREDIT10");
    const cart = await viewCart(db, actor, { useStoreCredit: true });
    // 10 % off ₹2,499 is ₹249.90; the grand total after it, ₹2,349.10 rounded to ₹2,349, is what
    // the credit pays towards.
    expect(cart).toMatchObject({ grandTotal: 249_900 - 24_990 + 100_00 - 10, roundOff: -10 });
    expect(cart.storeCredit).toMatchObject({ applied: 1_000_00, toPay: cart.grandTotal - 1_000_00 });
    const placed = await orderCart(db, actor, { storeCredit: 1_000_00 });
    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({ total: cart.grandTotal, storeCreditUsed: 1_000_00 });
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    expect(invoice.discounts).toEqual([{ label: "offer CREDIT10", amount: 24_990 }]);
    expect(invoice.settlements).toEqual([{ label: "Paid by store credit", amount: 1_000_00 }]);
    expect(invoice.totals.total + invoice.roundOff).toBe(cart.grandTotal);
    expect(invoice.roundOff).toBe(-10);
  });
});
