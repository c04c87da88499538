import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addToCart } from "#server/cart/cart.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import {
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  uniqueWord,
} from "#server/testing/factories.ts";
import { mailsTo } from "#server/testing/outbox.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { linkPath, waitForMail } from "../e2e/mailbox.ts";
import { cookiesFrom, FORM, form, startTestShop, type TestShop } from "./test-shop.ts";

describeOnSqlite("mail-sending forms and one-time links, from the attacker's side", (database) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(database());
  });
  afterAll(() => shop?.dispose());

  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    shop.request({ method: "POST", url, headers: { ...FORM, ...headers }, payload: form(fields) });

  /** The page as the visitor sees it, without what they typed into it. */
  const visibleAnswer = (body: string, typed: string) => body.replaceAll(typed, "…").replace(/nonce="[^"]+"/g, "");

  it("answers Forgot password alike for an account and for nobody, and mails only the account", async () => {
    const customer = await makeCustomer(shop.services.db);
    const nobody = `${uniqueWord()}@nobody.in`;
    const known = await post("/forgot-password", { email: customer.email });
    const unknown = await post("/forgot-password", { email: nobody });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(visibleAnswer(unknown.body, nobody)).toBe(visibleAnswer(known.body, customer.email));
    // The mail goes to the account; for nobody the queued request is dropped when it would be sent.
    await waitForMail(shop.outboxDir, customer.email, /Reset/);
    await expect.poll(() => mailsTo(shop.services.db, nobody), { timeout: 10_000 }).toEqual([]);
    const files = readdirSync(shop.outboxDir).map((name) => readFileSync(path.join(shop.outboxDir, name), "utf8"));
    expect(files.filter((text) => text.includes(nobody))).toEqual([]);
  });

  it("answers Find my order alike for a right and a wrong pair, and mails the order's own address", async () => {
    const { db } = shop.services;
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: await makeProduct(db), size: "M" });
    const details = checkoutDetails();
    const placed = await placeOrder(db, visitor, details, atShop());
    const stranger = `${uniqueWord()}@mail.in`;
    const right = await post("/orders/find", { orderNumber: placed.orderNumber.toLowerCase(), email: details.email });
    const wrong = await post("/orders/find", { orderNumber: placed.orderNumber, email: stranger });
    expect([right.statusCode, wrong.statusCode]).toEqual([200, 200]);
    expect(visibleAnswer(wrong.body, stranger)).toBe(visibleAnswer(right.body, details.email));
    // The link as the guest reads it in the mail (the outbox forgets it once it is sent).
    const link = await waitForMail(shop.outboxDir, details.email, /link to your Kesar order/);
    expect(linkPath(link, "/orders/")).toBe(`/orders/${placed.accessToken}`);
    expect(await mailsTo(db, stranger)).toEqual([]);
    const malformed = await post("/orders/find", { orderNumber: "'; drop table orders; --", email: "x" });
    expect(malformed.statusCode).toBe(400);
  });

  it("limits the mail-sending forms per client address, however the path is spelled", async () => {
    const email = `${uniqueWord()}@nobody.in`;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const response = await shop.request({
        method: "POST",
        url: i % 2 === 0 ? "/orders/find" : "/ORDERS/find/",
        headers: FORM,
        payload: form({ orderNumber: "KS-100001", email }),
        // A client address of its own, so that the other tests' posts do not count.
        remoteAddress: "203.0.113.77",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("keeps a reset link usable once, says when it is not valid, and never confirms on a mere visit", async () => {
    const { db } = shop.services;
    const customer = await makeCustomer(db);
    const session = cookiesFrom(await post("/login", { email: customer.email, password: customer.password }));
    await post("/forgot-password", { email: customer.email });
    const resetPath = linkPath(await waitForMail(shop.outboxDir, customer.email, /Reset/), "/reset-password/");
    const code = resetPath.slice(resetPath.lastIndexOf("/") + 1);

    const page = await shop.request({ method: "GET", url: `/reset-password/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="referrer" content="no-referrer"');
    expect(page.body).toContain("Choose a new password");
    const bogus = await shop.request({ method: "GET", url: `/reset-password/${"x".repeat(43)}` });
    expect(bogus.body).toContain("This link is not valid.");

    const weak = await post(`/reset-password/${code}`, { password: "1" });
    expect(weak.statusCode).toBe(400);
    const reset = await post(`/reset-password/${code}`, { password: "Reset-pass-9" });
    expect(reset.statusCode).toBe(302);
    const again = await post(`/reset-password/${code}`, { password: "Reset-pass-10" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("This link is not valid.");
    // The session that was open before the reset is over.
    const profile = await shop.request({ method: "GET", url: "/profile", headers: { cookie: session } });
    expect(profile.statusCode).toBe(302);

    // Opening a confirmation link (as a mail scanner would) does not use it; pressing the button does.
    const verifyPath = linkPath(await waitForMail(shop.outboxDir, customer.email, /Confirm/), "/verify-email/");
    const verify = verifyPath.slice(verifyPath.lastIndexOf("/") + 1);
    await shop.request({ method: "GET", url: `/verify-email/${verify}` });
    const confirmed = await post(`/verify-email/${verify}`, {});
    expect(confirmed.statusCode).toBe(302);
  });

  it("signs a stolen session out with Sign out everywhere, and deletes an account only with its password", async () => {
    const customer = await makeCustomer(shop.services.db);
    const mine = cookiesFrom(await post("/login", { email: customer.email, password: customer.password }));
    const thief = cookiesFrom(await post("/login", { email: customer.email, password: customer.password }));
    const out = await post("/profile", { intent: "sign-out-everywhere" }, { cookie: mine });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe("/login");
    for (const cookie of [mine, thief]) {
      const profile = await shop.request({ method: "GET", url: "/profile", headers: { cookie } });
      expect(profile.statusCode).toBe(302);
    }

    const session = cookiesFrom(await post("/login", { email: customer.email, password: customer.password }));
    const forged = await shop.app.inject({
      method: "POST",
      url: "/profile/delete",
      headers: { ...FORM, origin: "https://evil.example", cookie: session },
      payload: form({ password: customer.password, confirm: "yes" }),
    });
    expect(forged.statusCode).toBe(403);
    const wrong = await post("/profile/delete", { password: "guess", confirm: "yes" }, { cookie: session });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain("That password is not correct.");
    const anonymous = await post("/profile/delete", { password: customer.password, confirm: "yes" });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/login/);
    const deleted = await post("/profile/delete", { password: customer.password, confirm: "yes" }, { cookie: session });
    expect(deleted.statusCode).toBe(302);
    const login = await post("/login", { email: customer.email, password: customer.password });
    expect(login.statusCode).toBe(401);
  });

  it("lets only the admin see the E-mails view and resend", async () => {
    const customer = await makeCustomer(shop.services.db);
    const session = cookiesFrom(await post("/login", { email: customer.email, password: customer.password }));
    const page = await shop.request({ method: "GET", url: "/dashboard?tab=emails", headers: { cookie: session } });
    expect(page.statusCode).toBe(302);
    const resend = await post("/dashboard?tab=emails", { intent: "resend-mail", mailId: "1" }, { cookie: session });
    expect([302, 403]).toContain(resend.statusCode);

    const admin = cookiesFrom(await post("/login", { email: "admin@shop.test", password: "Admin-password-1" }));
    const view = await shop.request({ method: "GET", url: "/dashboard?tab=emails", headers: { cookie: admin } });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(customer.email);
  });
});
