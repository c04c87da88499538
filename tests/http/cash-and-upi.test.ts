import { afterAll, beforeAll, expect, it } from "vitest";
import { findOrder } from "#server/orders/orders.repository.ts";
import { findRefunds } from "#server/payments/payments.repository.ts";
import { requestReturn } from "#server/returns/returns.service.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "#server/testing/factories.ts";
import { deliveredOrder, takeThrough } from "#server/testing/return-fixtures.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * The administrator's money forms over HTTP (record 32): a courier's remittance on the order's
 * screen, and a UPI refund's UTR in the Returns queue; refused with a clear 4xx when wrong, and to
 * anyone but the administrator.
 */

describeEachDatabase("cash remittances and UPI refunds over HTTP", (database) => {
  let shop: TestShop;
  const cookies = { customer: "", admin: "" };
  let orderId = 0;
  let returnId = 0;

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    const customer = await makeCustomer(db);
    const guest = makeVisitor();
    const kurta = await makeProduct(db, { price: 2_199_00, sizes: { M: 5 } });
    const order = await deliveredOrder(db, guest, [{ productId: kurta, size: "M", quantity: 2 }]);
    orderId = order.id;
    const asked = await requestReturn(
      db,
      { returnDays: 14 },
      guest,
      { accessToken: order.accessToken },
      { position: 0, quantity: 1, kind: "refund", reason: "too-small", refundMethod: "upi", upiId: "ravi.k@oksbi" },
    );
    returnId = asked.id;
    await takeThrough(db, returnId, "refunded");
    const logIn = async (email: string, password: string) =>
      cookiesFrom(
        await shop.request({ method: "POST", url: "/login", headers: FORM, payload: form({ email, password }) }),
      );
    cookies.customer = await logIn(customer.email, customer.password);
    cookies.admin = await logIn("admin@shop.test", "Admin-password-1");
    expect(actorFor(customer).kind).toBe("user");
  });
  afterAll(() => shop?.dispose());

  const post = (url: string, fields: Record<string, string>, cookie = cookies.admin) =>
    shop.request({
      method: "POST",
      url,
      headers: { ...FORM, cookie, "sec-fetch-mode": "navigate" },
      payload: form(fields),
    });

  it("takes the courier's remittance on the order's screen; a bad one gets 400 and changes nothing", async () => {
    const url = `/admin/orders/${orderId}`;
    const page = await shop.request({ method: "GET", url, headers: { cookie: cookies.admin } });
    expect(page.body).toContain("Cash remitted by the courier");
    expect(page.body).not.toContain("Cash on delivery · Cash");

    const bad = await post(url, { intent: "cash-remitted", remittedOn: "2026-13-40", reference: "!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Please choose the day the courier paid.");
    expect((await findOrder(shop.services.db, { id: orderId }))?.paymentStatus).toBe("cod-collected");

    const byCustomer = await post(
      url,
      { intent: "cash-remitted", remittedOn: "2026-01-05", reference: "REM-1" },
      cookies.customer,
    );
    expect(byCustomer.statusCode).toBe(403);
    expect((await findOrder(shop.services.db, { id: orderId }))?.paymentStatus).toBe("cod-collected");

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const done = await post(url, { intent: "cash-remitted", remittedOn: today, reference: "BLUEDART-REM-0042" });
    expect([200, 302, 303]).toContain(done.statusCode);
    expect((await findOrder(shop.services.db, { id: orderId }))?.paymentStatus).toBe("cod-remitted");
  });

  it("takes a UPI refund's UTR in the Returns queue; a bad one gets 400 and it stays approved", async () => {
    const queue = await shop.request({ method: "GET", url: "/admin/returns", headers: { cookie: cookies.admin } });
    expect(queue.body).toContain("Refund approved");
    expect(queue.body).toContain("UTR of the UPI transfer to");
    expect(queue.body).toContain('name="utr"');

    const bad = await post("/admin/returns", { intent: "upi-paid", returnId: String(returnId), utr: "UTR-12" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("A UPI transaction reference (UTR) is 12 digits.");
    const byCustomer = await post(
      "/admin/returns",
      { intent: "upi-paid", returnId: String(returnId), utr: "512345678901" },
      cookies.customer,
    );
    expect(byCustomer.statusCode).toBe(403);
    expect((await findRefunds(shop.services.db, orderId)).map((refund) => refund.status)).toEqual(["requested"]);

    const done = await post("/admin/returns", { intent: "upi-paid", returnId: String(returnId), utr: "512345678901" });
    expect(done.statusCode).toBe(302);
    expect((await findRefunds(shop.services.db, orderId)).map((refund) => [refund.status, refund.refundId])).toEqual([
      ["processed", "512345678901"],
    ]);
    const again = await post("/admin/returns", { intent: "upi-paid", returnId: String(returnId), utr: "512345678901" });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("already recorded as paid");
  });
});
