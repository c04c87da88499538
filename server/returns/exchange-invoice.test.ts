import { expect, it } from "vitest";
import type { Actor } from "#core/actor.ts";
import type { Db } from "../db/schema.ts";
import { signedDocumentFile } from "../invoices/invoices.service.ts";
import { DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { ADMIN, deliveredOrder, stockOf, takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { returnDocument } from "./return-documents.ts";
import { advanceReturn, requestReturn, returnsOfOrder, type WhichOrder } from "./returns.service.ts";

const SETTINGS = { returnDays: 14 };
const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };
const serial = (number: string) => Number(number.split("/").pop());

/** The shopper asks to swap one piece of the order's first line for size L. */
const swapForL = (db: Db, actor: Actor, which: WhichOrder) =>
  requestReturn(db, SETTINGS, actor, which, {
    position: 0,
    quantity: 1,
    kind: "exchange",
    reason: "too-small",
    exchangeSize: "L",
  });

describeEachDatabase("an exchange's replacement invoice", (database) => {
  it("invoices the new size at the returned piece's value, rate and place of supply, settled against its credit note", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    // Two pieces bought in Kolkata (IGST), one swapped for the next size up.
    const kurta = await makeProduct(db, { title: "Indigo Kurta", price: 199_900, sizes: { M: 2, L: 1 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 2 }], KOLKATA);
    const which = { orderNumber: order.orderNumber };
    const { id } = await swapForL(db, actor, which);
    await takeThrough(db, id, "exchange-shipped");

    const [done] = await returnsOfOrder(db, actor, which);
    expect(done?.exchangeInvoice?.number).toMatch(/^KS\/\d\d-\d\d\/\d{6}$/);
    const note = await returnDocument(db, actor, which, id, "credit-note", DEMO_SIGNATORY);
    const invoice = await returnDocument(db, actor, which, id, "invoice", DEMO_SIGNATORY);
    expect(serial(invoice.number)).toBeGreaterThan(serial(note.against?.number ?? ""));
    expect(invoice).toMatchObject({
      kind: "invoice",
      supplyType: "inter",
      recipient: { stateCode: "19" },
      against: null,
      settlements: [{ label: `Settled against credit note ${note.number}`, amount: note.totals.total }],
    });
    // The same value and tax as the credit note takes out, at the same rate, for the new size.
    expect(invoice.totals).toEqual({ ...note.totals, gross: note.totals.total, discount: 0 });
    expect(invoice.totals.total).toBe(199_900);
    expect(invoice.lines).toEqual([
      expect.objectContaining({ description: "Indigo Kurta (size L)", quantity: 1, rateBps: 500, cgst: 0, sgst: 0 }),
    ]);
    expect(invoice.lines[0]?.igst).toBe(note.lines[0]?.igst);

    const text = pdfText(
      (await signedDocumentFile({ signatory: DEMO_SIGNATORY, certificate: undefined }, invoice)).pdf,
    );
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(invoice.number);
    expect(text).toContain(`Settled against credit note ${note.number}`);
    expect(text).toContain("Balance to pay ₹ 0.00");
    expect(text).toContain("1,999.00");
    expect(text).toContain("Indigo Kurta (size L)");

    const mail = (await mailsTo(db, customer.email)).find((entry) => entry.payload.status === "exchange-shipped");
    expect(mail?.payload).toMatchObject({
      exchangeInvoicePath: `/orders/${(await db.selectFrom("orders").select("accessToken").where("id", "=", order.id).executeTakeFirstOrThrow()).accessToken}/returns/${id}/invoice`,
    });
    expect(await stockOf(db, kurta, "M")).toBe(1);
    expect(await stockOf(db, kurta, "L")).toBe(0);
  });

  it("is issued once when the acceptance is clicked twice or on two nodes at once", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 1, L: 1 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 1 }]);
    const { id } = await swapForL(db, actor, { orderNumber: order.orderNumber });
    for (const [from, to] of [
      ["requested", "pickup-scheduled"],
      ["pickup-scheduled", "picked-up"],
      ["picked-up", "received"],
    ] as const)
      await advanceReturn(db, ADMIN, { returnId: id, from, to });
    const accept = () => advanceReturn(db, ADMIN, { returnId: id, from: "received", to: "exchange-accepted" });
    const results = await Promise.allSettled([accept(), accept()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await failure(accept())).toMatchObject({ code: "stale-update" });
    const lines = await db.selectFrom("exchangeInvoiceLines").selectAll().where("returnId", "=", id).execute();
    expect(lines).toHaveLength(1);
    const creditLines = await db.selectFrom("returnCreditLines").selectAll().where("returnId", "=", id).execute();
    expect(creditLines).toHaveLength(1);
    expect(await stockOf(db, kurta, "M")).toBe(1);
    // A refund is accepted by refunding, never by shipping: and the way back is refused too.
    expect(
      await failure(advanceReturn(db, ADMIN, { returnId: id, from: "exchange-accepted", to: "refunded" })),
    ).toMatchObject({ code: "invalid-transition" });
  });

  it("is shown to the order's owner and guest link only", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 1, L: 1 } });
    const order = await deliveredOrder(db, guest, [{ productId: kurta, size: "M", quantity: 1 }]);
    const which = { accessToken: order.accessToken };
    const { id } = await swapForL(db, guest, which);
    expect(await failure(returnDocument(db, guest, which, id, "invoice", DEMO_SIGNATORY))).toMatchObject({
      code: "not-found",
    });
    await takeThrough(db, id, "exchange-shipped");
    expect((await returnDocument(db, guest, which, id, "invoice", DEMO_SIGNATORY)).number).toMatch(/^KS\//);
    const stranger = actorFor(await makeCustomer(db));
    const other = await deliveredOrder(db, stranger, [{ productId: await makeProduct(db), size: "M", quantity: 1 }]);
    expect(
      await failure(returnDocument(db, stranger, { orderNumber: other.orderNumber }, id, "invoice", DEMO_SIGNATORY)),
    ).toMatchObject({ code: "not-found" });
    expect(
      await failure(returnDocument(db, stranger, { returnIdForAdmin: true }, id, "invoice", DEMO_SIGNATORY)),
    ).toMatchObject({ code: "forbidden" });
  });
});
