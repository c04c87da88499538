import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { changeStatus, orderByAccessToken } from "#server/orders/orders.service.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { buyOne, followFeed, liveBrowser } from "./live-shop.ts";
import { startTestShop, type TestShop } from "./test-shop.ts";

describeEachDatabase("the administrator's live order feed", (database) => {
  let shop: TestShop;
  let base = "";
  let productId = 0;
  beforeAll(async () => {
    shop = await startTestShop(database());
    base = await shop.app.listen({ port: 0, host: "127.0.0.1" });
    productId = await makeProduct(database().db, { sizes: { M: 50 } });
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  const feedUrl = () => `${base}/admin/events`;
  const signInAdmin = async () => {
    const admin = liveBrowser();
    expect((await admin.post(base, "/login", { email: "admin@shop.test", password: "Admin-password-1" })).status).toBe(
      302,
    );
    return admin;
  };
  const buy = async () => {
    const token = await buyOne(base, productId, "feed-buyer@mail.in");
    if (!token) throw new Error("the order was refused");
    return orderByAccessToken(database().db, token);
  };

  it("refuses the feed to a visitor and to a customer, saying why, and sends them nothing", async () => {
    const visitor = followFeed(feedUrl(), "");
    await visitor.ended;
    expect([visitor.answer.status, visitor.answer.refusal]).toEqual([401, "Please log in as a member of staff."]);
    const customer = liveBrowser();
    await customer.post(base, "/signup", { name: "Nosy Customer", email: "nosy@mail.in", password: "Secret-pass-1" });
    expect(customer.cookie).toContain("sid=");
    const refused = followFeed(feedUrl(), customer.cookie);
    await refused.ended;
    expect([refused.answer.status, refused.answer.refusal]).toEqual([403, "Only the shop's staff can do this."]);
    expect(refused.answer.contentType).not.toContain("event-stream");
    expect(refused.events).toEqual([]);
  });

  it("sends each order placed or moved on, and after a reconnect everything after the last event it saw", async () => {
    const admin = await signInAdmin();
    const first = followFeed(feedUrl(), admin.cookie);
    const placed = await buy();
    await expect
      .poll(() => first.events.map((event) => event.orderNumber), { timeout: 5_000 })
      .toEqual([placed.orderNumber]);
    expect(first.answer.contentType).toBe("text/event-stream; charset=utf-8");
    expect(first.events[0]).toMatchObject({ from: null, to: "placed", name: "Asha Verma" });
    first.close();

    // While the admin's page is away: two orders, and the first one ships.
    const second = await buy();
    const third = await buy();
    await changeStatus(database().db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    const missed = [
      [second.orderNumber, "placed"],
      [third.orderNumber, "placed"],
      [placed.orderNumber, "shipped"],
    ];
    const resumed = followFeed(feedUrl(), admin.cookie, first.lastId());
    await expect
      .poll(() => resumed.events.map((event) => [event.orderNumber, event.to]), { timeout: 5_000 })
      .toEqual(missed);
    // A new page says where its data was read with ?after=.
    const page = followFeed(`${feedUrl()}?after=${first.lastId()}`, admin.cookie);
    await expect
      .poll(() => page.events.map((event) => [event.orderNumber, event.to]), { timeout: 5_000 })
      .toEqual(missed);
    // An id that is not one starts from now.
    const garbled = followFeed(feedUrl(), admin.cookie, "1 OR 1=1");
    const fourth = await buy();
    await expect
      .poll(() => garbled.events.map((event) => event.orderNumber), { timeout: 5_000 })
      .toEqual([fourth.orderNumber]);
    for (const feed of [resumed, page, garbled]) feed.close();
  });

  it("closes the stream once the administrator's session has ended, before sending another order", async () => {
    const admin = await signInAdmin();
    const cookie = admin.cookie;
    const feed = followFeed(feedUrl(), cookie);
    const before = await buy();
    await expect
      .poll(() => feed.events.map((event) => event.orderNumber), { timeout: 5_000 })
      .toEqual([before.orderNumber]);
    expect((await admin.post(base, "/logout", {})).status).toBe(302);
    const after = await buy();
    await feed.ended;
    expect(feed.events.map((event) => event.orderNumber)).not.toContain(after.orderNumber);
    const again = followFeed(feedUrl(), cookie);
    await again.ended;
    expect(again.answer.status).toBe(401);
  });

  it("ends its streams when the shop stops, so that the browser reconnects to another node", async () => {
    const admin = await signInAdmin();
    const feed = followFeed(feedUrl(), admin.cookie);
    await expect.poll(() => feed.answer.status, { timeout: 5_000 }).toBe(200);
    await shop.app.close();
    await feed.ended;
    expect(feed.answer.status).toBe(200);
  });
});
