import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type IndianMobile, nationalNumber } from "#core/phone.ts";
import { AWAITING_MESSAGE } from "#server/cod-confirmation/cod-confirmation.service.ts";
import { findOrder } from "#server/orders/orders.repository.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { uniqueMobile } from "#server/testing/messages.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { waitForSms } from "../e2e/sms-box.ts";
import { checkoutForm } from "./live-shop.ts";
import { cookiesFrom, FORM, form, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * A cash order above COD_CONFIRM_ABOVE_RUPEES over HTTP: its buyer's SMS link (/confirm/<code>, no
 * sign-in), the administrator's screens that say it waits and will not ship it, and the short link
 * of the shipped SMS.
 */

// What these check is the HTTP side (forms, pages, headers, signatures): SQLite alone (record 17);
// the confirmation's rules and the order's moves are tested on both databases in server/cod-confirmation.
describeOnSqlite("a large cash order's confirmation over HTTP", (database) => {
  const smsDir = mkdtempSync(path.join(tmpdir(), "shop-cod-sms-"));
  let shop: TestShop;
  let admin = "";
  let dear = 0;
  let cheap = 0;

  beforeAll(async () => {
    shop = await startTestShop(database(), { COD_CONFIRM_ABOVE_RUPEES: "3000", SMS_URL: `file:${smsDir}` });
    const { db } = shop.services;
    dear = await makeProduct(db, { price: 4_999_00, sizes: { M: 20 } });
    cheap = await makeProduct(db, { price: 999_00, sizes: { M: 20 } });
    admin = cookiesFrom(
      await shop.request({
        method: "POST",
        url: "/login",
        headers: FORM,
        payload: form({ email: "admin@shop.test", password: "Admin-password-1" }),
      }),
    );
  });
  afterAll(async () => {
    await shop?.dispose();
    rmSync(smsDir, { recursive: true, force: true });
  });

  /** A guest's cash order of one piece to `phone`; answers the order's row. */
  async function cashOrder(productId: number, phone: IndianMobile) {
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const placed = await guest.post("/guest", { ...checkoutForm(), phone: nationalNumber(phone) });
    expect(placed.statusCode).toBe(302);
    const token = String(placed.headers.location).split("/")[2] ?? "";
    const order = await findOrder(shop.services.db, { accessToken: token });
    if (!order) throw new Error("No order.");
    return order;
  }

  const ship = (orderId: number) =>
    shop.request({
      method: "POST",
      url: `/admin/orders/${orderId}`,
      // A plain form post, as the page's form sends it.
      headers: { ...FORM, cookie: admin, "sec-fetch-mode": "navigate" },
      payload: form({
        from: "placed",
        to: "shipped",
        courier: "Delhivery",
        trackingNumber: "DL1234",
        expectedDelivery: "2030-01-05",
      }),
    });

  it("asks the buyer by SMS; the admin sees it waiting and cannot ship it until the buyer confirms by the link", async () => {
    const phone = uniqueMobile();
    const order = await cashOrder(dear, phone);
    const [sms] = await waitForSms(smsDir, phone, { template: /^cod-confirm\./ });
    const code = sms?.text.match(/\/confirm\/([A-Za-z0-9]{24}) - Kesar$/)?.[1] ?? "";
    expect(sms?.text).toContain(`order ${order.orderNumber} of Rs 5,099 before we pack it`);

    const list = await shop.request({
      method: "GET",
      url: `/admin/orders?tab=to-confirm&q=${order.orderNumber}`,
      headers: { cookie: admin },
    });
    expect(list.body).toContain("Awaiting buyer&#x27;s confirmation");
    const screen = await shop.request({ method: "GET", url: `/admin/orders/${order.id}`, headers: { cookie: admin } });
    expect(screen.body).toContain("Awaiting buyer&#x27;s confirmation");
    const refused = await ship(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(AWAITING_MESSAGE.replaceAll("'", "&#x27;"));

    // The buyer opens the link: no sign-in, and opening it changes nothing.
    const buyer = shopBrowser(shop);
    const page = await buyer.get(`/confirm/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("Confirm my order");
    // The same link under /hi, in Hindi: no sign-in there either.
    const hindi = await buyer.get(`/hi/confirm/${code}`);
    expect(hindi.body).toContain('<html lang="hi-IN"');
    expect(hindi.body).toContain("मेरा ऑर्डर कन्फ़र्म करें");
    expect(hindi.body.replaceAll("<!-- -->", "")).toContain(
      `${order.name} का ऑर्डर <strong>${order.orderNumber}</strong>: 1 पीस`,
    );
    expect(hindi.body).toContain("मेरा मन बदल गया");
    expect(hindi.body).not.toContain("Confirm my order");
    expect((await ship(order.id)).statusCode).toBe(409);
    const confirmed = await buyer.post(`/confirm/${code}`, { answer: "confirm" });
    expect(confirmed).toMatchObject({ statusCode: 302, headers: { location: `/confirm/${code}` } });
    expect((await buyer.get(`/confirm/${code}`)).body).toContain("You have confirmed this order");
    expect((await ship(order.id)).statusCode).toBe(302);
    expect((await findOrder(shop.services.db, { id: order.id }))?.status).toBe("shipped");

    // The shipped SMS's short link opens the order's page.
    const shipped = await waitForSms(smsDir, phone, { template: /^order-shipped\./ });
    const link = shipped[0]?.text.match(/\/m\/([A-Za-z0-9]{20}) - Kesar$/)?.[1] ?? "";
    const followed = await shop.request({ method: "GET", url: `/m/${link}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`/orders/${order.accessToken}`);
    expect((await shop.request({ method: "GET", url: "/m/AAAAAAAAAAAAAAAAAAAA" })).statusCode).toBe(404);
  });

  it("records the buyer's word given by phone from the order screen, for the administrator only", async () => {
    const phone = uniqueMobile();
    const order = await cashOrder(dear, phone);
    await waitForSms(smsDir, phone, { template: /^cod-confirm\./ });
    const byPhone = (cookie: string) =>
      shop.request({
        method: "POST",
        url: `/admin/updateorderstatus?id=${order.id}`,
        headers: { ...FORM, cookie, "sec-fetch-mode": "navigate" },
        payload: form({ intent: "buyer-confirmed" }),
      });
    const customer = shopBrowser(shop);
    await customer.post("/signup", {
      name: "Kabir Rao",
      email: `kabir-${Date.now()}@mail.in`,
      password: "Secret-pass-1",
    });
    expect((await byPhone(customer.cookies)).statusCode).toBe(403);
    expect((await ship(order.id)).statusCode).toBe(409);
    const recorded = await byPhone(admin);
    expect(recorded).toMatchObject({
      statusCode: 302,
      headers: { location: `/admin/orders/${order.id}` },
    });
    expect((await ship(order.id)).statusCode).toBe(302);
  });

  it("lets the buyer cancel by the link, asks nothing of a small order, and opens nothing with a code it never made", async () => {
    const phone = uniqueMobile();
    const order = await cashOrder(dear, phone);
    const [sms] = await waitForSms(smsDir, phone, { template: /^cod-confirm\./ });
    const code = sms?.text.match(/\/confirm\/([A-Za-z0-9]{24}) - Kesar$/)?.[1] ?? "";
    const buyer = shopBrowser(shop);
    const noReason = await buyer.post(`/confirm/${code}`, { answer: "cancel" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain("Please choose why you are cancelling.");
    // From another site, nothing.
    const forged = await shop.request({
      method: "POST",
      url: `/confirm/${code}`,
      headers: { ...FORM, origin: "https://evil.test" },
      payload: form({ answer: "cancel", reason: "changed-mind" }),
    });
    expect(forged.statusCode).toBe(403);
    expect((await findOrder(shop.services.db, { id: order.id }))?.status).toBe("placed");
    const cancelled = await buyer.post(`/confirm/${code}`, { answer: "cancel", reason: "changed-mind" });
    expect(cancelled.statusCode).toBe(302);
    expect((await findOrder(shop.services.db, { id: order.id }))?.status).toBe("cancelled");
    expect((await buyer.post(`/confirm/${code}`, { answer: "confirm" })).statusCode).toBe(409);

    const small = uniqueMobile();
    const smallOrder = await cashOrder(cheap, small);
    await waitForSms(smsDir, small, { template: /^order-placed\./ });
    expect((await ship(smallOrder.id)).statusCode).toBe(302);
    for (const wrong of ["AAAAAAAAAAAAAAAAAAAAAAAA", "x", `${code.slice(0, 23)}!`]) {
      expect((await shop.request({ method: "GET", url: `/confirm/${encodeURIComponent(wrong)}` })).statusCode).toBe(
        404,
      );
    }
  });
});
