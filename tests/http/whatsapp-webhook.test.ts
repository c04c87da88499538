import { afterAll, beforeAll, expect, it } from "vitest";
import { type IndianMobile, nationalNumber } from "#core/phone.ts";
import { FORGED_MESSAGE, whatsappSignature } from "#server/messaging/whatsapp-webhook.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { type LocalWhatsapp, startLocalWhatsapp, statusNotification } from "#server/testing/local-whatsapp.ts";
import { uniqueMobile } from "#server/testing/messages.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { checkoutForm } from "./live-shop.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * POST /webhooks/whatsapp and its GET handshake, over real HTTP from the local stand-in for Meta:
 * the signature is checked over the raw bytes sent, forgeries get 401 and change nothing, statuses
 * sent twice and out of order leave the furthest one, and a buyer's STOP is an opt-out.
 */

// What these check is the HTTP side (forms, pages, headers, signatures): SQLite alone (record 17);
// the statuses' order and the opt-outs are tested on both databases in server/messaging.
describeOnSqlite("WhatsApp's webhooks over HTTP", (database) => {
  let stand: LocalWhatsapp;
  let shop: TestShop;
  let productId: number;

  beforeAll(async () => {
    stand = await startLocalWhatsapp({ statusOrder: "duplicated-out-of-order" });
    shop = await startTestShop(database(), stand.settings());
    const address = await shop.app.listen({ port: 0, host: "127.0.0.1" });
    stand.webhookUrl = `${address}/webhooks/whatsapp`;
    productId = await makeProduct(database().db, { price: 99_900, sizes: { M: 50 } });
  });
  afterAll(async () => {
    await stand?.close();
    await shop?.dispose();
  });

  /** A guest's cash order to `phone`, with the WhatsApp box ticked. */
  async function optedInOrder(phone: IndianMobile) {
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const placed = await guest.post("/guest", {
      ...checkoutForm(),
      phone: nationalNumber(phone),
      whatsappUpdates: "1",
    });
    expect(placed.statusCode).toBe(302);
  }

  const messageTo = (phone: IndianMobile) =>
    shop.services.db
      .selectFrom("messages")
      .selectAll()
      .where("recipient", "=", phone)
      .where("channel", "=", "whatsapp");

  it("answers Meta's handshake for the verify token only", async () => {
    expect(await stand.verifyWebhook()).toEqual({ status: 200, echoed: true });
    expect(await stand.verifyWebhook("not-the-verify-token")).toMatchObject({ status: 403, echoed: false });
    // A shop without WhatsApp has no such address. (Only for this moment: its outbox worker, without
    // WhatsApp, would fail the WhatsApp messages it took.)
    const plain = await startTestShop(database());
    try {
      const off = await plain.request({ method: "GET", url: "/webhooks/whatsapp?hub.mode=subscribe" });
      expect(off.statusCode).toBe(404);
    } finally {
      await plain.dispose();
    }
  });

  it("sends an opted-in buyer's update by WhatsApp and records its statuses, sent twice and out of order, as the furthest one", async () => {
    const phone = uniqueMobile();
    await optedInOrder(phone);
    // The worker sends it; the stand-in posts sent, delivered and read, each twice and reversed too.
    await expect.poll(() => stand.accepted.filter((m) => m.to === phone.slice(1)).length, { timeout: 10_000 }).toBe(1);
    await stand.settled();
    const [row] = await messageTo(phone).execute();
    expect(row).toMatchObject({ kind: "order-placed", status: "sent", delivery: "read" });
    const answers = stand.deliveries.filter((delivery) => delivery.messageId === row?.providerMessageId);
    expect(answers.length).toBe(9);
    expect(new Set(answers.map((delivery) => delivery.answer))).toEqual(new Set([200]));
    // A late "sent" again changes nothing.
    expect(await stand.postStatuses(row?.providerMessageId ?? "", ["sent"])).toEqual([200]);
    expect((await messageTo(phone).executeTakeFirst())?.delivery).toBe("read");
  });

  it("refuses a forged or altered body with 401 and records nothing of it", async () => {
    const phone = uniqueMobile();
    const body = JSON.stringify(statusNotification(stand.phoneNumberId, "wamid.forged-one", phone.slice(1), "read"));
    expect(await stand.postWebhook(body, { secret: "not-the-app-secret-at-all" })).toBe(401);
    // The right signature of another spelling of the same JSON: the bytes signed are what count.
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(await stand.postWebhook(respaced, { signature: whatsappSignature(stand.appSecret, body) })).toBe(401);
    expect(await stand.postWebhook(body, { signature: "sha256=" })).toBe(401);
    const missing = await shop.request({
      method: "POST",
      url: "/webhooks/whatsapp",
      headers: { "content-type": "application/json", origin: "https://graph.facebook.com" },
      payload: body,
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ message: FORGED_MESSAGE });
    const kept = await shop.services.db
      .selectFrom("messageReceipts")
      .select("status")
      .where("providerMessageId", "=", "wamid.forged-one")
      .execute();
    expect(kept).toEqual([]);
    // Those very bytes, rightly signed, are taken: nothing re-reads the body before the check.
    expect(await stand.postWebhook(respaced)).toBe(200);
  });

  it("takes a buyer's STOP as an opt-out: their next update goes by SMS only", async () => {
    const phone = uniqueMobile();
    await optedInOrder(phone);
    await expect.poll(() => stand.accepted.filter((m) => m.to === phone.slice(1)).length, { timeout: 10_000 }).toBe(1);
    const reply = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "100000000000000",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: stand.phoneNumberId },
                messages: [
                  { from: phone.slice(1), id: "wamid.reply", timestamp: "1", type: "text", text: { body: "Stop" } },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(await stand.postWebhook(reply)).toBe(200);
    const latest = await shop.services.db
      .selectFrom("whatsappConsents")
      .select(["choice", "wording", "source"])
      .where("phone", "=", phone)
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(latest).toEqual({ choice: "out", wording: "Replied on WhatsApp: Stop", source: "whatsapp reply" });
    const before = stand.accepted.length;
    // Another order to the same number, without ticking the box this time: SMS only.
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    await guest.post("/guest", { ...checkoutForm(), phone: nationalNumber(phone) });
    await expect
      .poll(
        () =>
          shop.services.db
            .selectFrom("messages")
            .select("id")
            .where("recipient", "=", phone)
            .where("channel", "=", "sms")
            .where("status", "=", "sent")
            .execute()
            .then((rows) => rows.length),
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(stand.accepted.slice(before).filter((m) => m.to === phone.slice(1))).toEqual([]);
  });
});
