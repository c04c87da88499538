import { afterAll, beforeAll, expect, it } from "vitest";
import type { IndianMobile } from "#core/phone.ts";
import type { Db } from "../db/schema.ts";
import { failure } from "../testing/app-error.ts";
import { type LocalWhatsapp, startLocalWhatsapp, statusNotification } from "../testing/local-whatsapp.ts";
import { messagesFor, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import { hasWhatsappConsent, queueWhatsapp, recordWhatsappConsent } from "./messaging.service.ts";
import type { WhatsappSettings } from "./messaging-settings.ts";
import { createWhatsappTransport } from "./whatsapp-transport.ts";
import {
  FORGED_MESSAGE,
  HANDSHAKE_REFUSED,
  receiveWhatsappStatus,
  whatsappHandshake,
  whatsappSignature,
} from "./whatsapp-webhook.ts";

const DELIVERED = { orderNumber: "KS-100042" };
const WORDING = "Send me order updates on WhatsApp";

function settingsOf(stand: LocalWhatsapp): WhatsappSettings {
  return {
    token: stand.token,
    phoneNumberId: stand.phoneNumberId,
    appSecret: stand.appSecret,
    verifyToken: stand.verifyToken,
    apiUrl: stand.apiUrl,
  };
}

async function optedIn(db: Db, phone: IndianMobile = uniqueMobile()): Promise<IndianMobile> {
  await recordWhatsappConsent(db, { phone, choice: "in", wording: WORDING, source: "checkout" });
  return phone;
}

/** The outbox row of the one message to a number. */
async function messageTo(db: Db, phone: string) {
  const [row] = await messagesFor(db, phone);
  if (!row) throw new Error(`No message to ${phone}.`);
  return row;
}

describeEachDatabase("WhatsApp order updates and their status webhooks", (database) => {
  let stand: LocalWhatsapp;
  let receiver: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    stand = await startLocalWhatsapp({ statuses: [] });
    receiver = await startWebhookReceiver(database().db, settingsOf(stand));
    stand.webhookUrl = receiver.url;
  });
  afterAll(async () => {
    await stand?.close();
    await receiver?.close();
  });

  function delivery(db: Db) {
    return testDelivery(db, { whatsapp: createWhatsappTransport(settingsOf(stand)) });
  }

  it("queues a WhatsApp message only for a number whose latest word was an opt-in, and drops it after an opt-out", async () => {
    const { db } = database();
    const stranger = uniqueMobile();
    expect(await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: stranger, values: DELIVERED })).toBe(
      false,
    );
    const buyer = await optedIn(db);
    expect(await hasWhatsappConsent(db, buyer)).toBe(true);
    expect(await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: buyer, values: DELIVERED })).toBe(
      true,
    );
    // A sign-in code never goes by WhatsApp.
    expect(await queueWhatsapp(db, { kind: "phone-code", language: "en", to: buyer, values: {} })).toBe(false);
    await recordWhatsappConsent(db, { phone: buyer, choice: "out", wording: "STOP", source: "whatsapp reply" });
    await sendDueMessages(delivery(db));
    expect(await messagesFor(db, buyer)).toEqual([]);
    expect(stand.accepted.filter((message) => message.to === `91${buyer.slice(3)}`)).toEqual([]);
    const history = await db
      .selectFrom("whatsappConsents")
      .select(["choice", "wording"])
      .where("phone", "=", buyer)
      .orderBy("id")
      .execute();
    expect(history).toEqual([
      { choice: "in", wording: WORDING },
      { choice: "out", wording: "STOP" },
    ]);
  });

  it("sends an approved template with its values, and follows its statuses to read", async () => {
    const { db } = database();
    const buyer = await optedIn(db);
    await queueWhatsapp(db, { kind: "order-delivered", language: "hi", to: buyer, values: DELIVERED });
    await sendDueMessages(delivery(db));
    const accepted = stand.accepted.find((message) => message.to === `91${buyer.slice(3)}`);
    expect(accepted).toMatchObject({ template: "kesar_order_delivered", language: "hi", values: ["KS-100042"] });
    const row = await messageTo(db, buyer);
    expect(row).toMatchObject({ channel: "whatsapp", status: "sent", providerMessageId: accepted?.id, delivery: null });
    expect(await stand.postStatuses(accepted?.id ?? "", ["sent", "delivered", "read"])).toEqual([200, 200, 200]);
    expect(await messageTo(db, buyer)).toMatchObject({ delivery: "read", deliveryRank: 30 });
  });

  it("takes statuses sent twice and out of order without harm: the furthest one stands", async () => {
    const { db } = database();
    const buyer = await optedIn(db);
    await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: buyer, values: DELIVERED });
    await sendDueMessages(delivery(db));
    const { providerMessageId } = await messageTo(db, buyer);
    const answers = await stand.postStatuses(providerMessageId ?? "", ["sent", "delivered", "read"], {
      order: "duplicated-out-of-order",
    });
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await messageTo(db, buyer)).toMatchObject({ delivery: "read", deliveryRank: 30, deliveryError: null });
    const receipts = await db
      .selectFrom("messageReceipts")
      .select("status")
      .where("providerMessageId", "=", providerMessageId ?? "")
      .orderBy("rank")
      .execute();
    expect(receipts.map((receipt) => receipt.status)).toEqual(["sent", "delivered", "read"]);
  });

  it("records a failure with its reason, which a later delivery to another device outranks", async () => {
    const { db } = database();
    const failed = await optedIn(db);
    const both = await optedIn(db);
    for (const to of [failed, both])
      await queueWhatsapp(db, { kind: "order-delivered", language: "en", to, values: DELIVERED });
    await sendDueMessages(delivery(db));
    const failure131026 = { code: 131026, title: "Message undeliverable" };
    await stand.postStatuses((await messageTo(db, failed)).providerMessageId ?? "", ["sent", "failed"], {
      failure: failure131026,
    });
    expect(await messageTo(db, failed)).toMatchObject({
      delivery: "failed",
      deliveryError: "131026 Message undeliverable",
    });
    const bothId = (await messageTo(db, both)).providerMessageId ?? "";
    await stand.postStatuses(bothId, ["failed"], { failure: failure131026 });
    await stand.postStatuses(bothId, ["delivered", "failed"], { failure: failure131026 });
    expect(await messageTo(db, both)).toMatchObject({
      delivery: "delivered",
      deliveryError: "131026 Message undeliverable",
    });
  });

  it("ends at read when the stand-in posts its own statuses twice and out of order, however they race the send", async () => {
    const { db } = database();
    const noisy = await startLocalWhatsapp({ statusOrder: "duplicated-out-of-order", webhookUrl: receiver.url });
    try {
      // Ten at once, so that some status reports race the transaction that records the send.
      const buyers: IndianMobile[] = [];
      for (let count = 0; count < 10; count++) buyers.push(await optedIn(db));
      for (const to of buyers)
        await queueWhatsapp(db, { kind: "order-delivered", language: "en", to, values: DELIVERED });
      const settings = { ...settingsOf(stand), apiUrl: noisy.apiUrl };
      await sendDueMessages(testDelivery(db, { whatsapp: createWhatsappTransport(settings) }));
      await noisy.settled();
      expect(noisy.deliveries.map((posted) => posted.answer)).toEqual(Array(90).fill(200));
      for (const buyer of buyers)
        expect(await messageTo(db, buyer)).toMatchObject({ status: "sent", delivery: "read" });
    } finally {
      await noisy.close();
    }
  });

  it("applies a status that arrives before its send was recorded, once it is", async () => {
    const { db } = database();
    const buyer = await optedIn(db);
    const early = "wamid.early-report-0001";
    await stand.postWebhook(JSON.stringify(statusNotification(stand.phoneNumberId, early, "91", "delivered")));
    await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: buyer, values: DELIVERED });
    const transport = { send: async () => ({ providerMessageId: early }) };
    await sendDueMessages(testDelivery(db, { whatsapp: transport }));
    expect(await messageTo(db, buyer)).toMatchObject({ providerMessageId: early, delivery: "delivered" });
  });

  it("refuses a webhook whose signature is not Meta's before reading it, and changes nothing", async () => {
    const { db } = database();
    const buyer = await optedIn(db);
    await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: buyer, values: DELIVERED });
    await sendDueMessages(delivery(db));
    const id = (await messageTo(db, buyer)).providerMessageId ?? "";
    const body = JSON.stringify(statusNotification(stand.phoneNumberId, id, "91", "read"));
    const forgeries = [
      stand.postWebhook(body, { secret: "not-the-app-secret-0000" }),
      stand.postWebhook(body, { signature: "" }),
      stand.postWebhook(body, { signature: whatsappSignature(stand.appSecret, body).replace("sha256=", "sha1=") }),
      stand.postWebhook(body, { signature: whatsappSignature(stand.appSecret, `${body} `) }),
      stand.postWebhook(body.replace('"read"', '"delivered"'), { signature: whatsappSignature(stand.appSecret, body) }),
    ];
    expect(await Promise.all(forgeries)).toEqual([401, 401, 401, 401, 401]);
    const refused = await failure(receiveWhatsappStatus(db, settingsOf(stand), body, "sha256=00"));
    expect(refused).toEqual({ code: "unauthenticated", message: FORGED_MESSAGE });
    expect(await messageTo(db, buyer)).toMatchObject({ delivery: null, deliveryRank: 0 });
    const receipts = await db
      .selectFrom("messageReceipts")
      .select("status")
      .where("providerMessageId", "=", id)
      .execute();
    expect(receipts).toEqual([]);
  });

  it("answers Meta's handshake with the challenge only for the verify token", async () => {
    expect(await stand.verifyWebhook()).toEqual({ status: 200, echoed: true });
    expect(await stand.verifyWebhook("a-guess-at-the-token")).toEqual({ status: 403, echoed: false });
    const settings = settingsOf(stand);
    expect(
      whatsappHandshake(settings, { mode: "subscribe", verifyToken: settings.verifyToken, challenge: "1158201444" }),
    ).toBe("1158201444");
    for (const query of [
      { mode: "unsubscribe", verifyToken: settings.verifyToken, challenge: "1" },
      { mode: "subscribe", verifyToken: undefined, challenge: "1" },
      { mode: "subscribe", verifyToken: `${settings.verifyToken}x`, challenge: "1" },
    ]) {
      expect(() => whatsappHandshake(settings, query)).toThrow(HANDSHAKE_REFUSED);
    }
  });

  it("fails at once what Meta refuses for good: an unknown template, a number not on its list, a bad token", async () => {
    const { db } = database();
    const picky = await startLocalWhatsapp({ statuses: [], templates: ["kesar_order_delivered.en"], recipients: [] });
    try {
      const unknownTemplate = await optedIn(db);
      const notListed = await optedIn(db);
      picky.recipients = new Set([`91${unknownTemplate.slice(3)}`]);
      await queueWhatsapp(db, { kind: "order-delivered", language: "hi", to: unknownTemplate, values: DELIVERED });
      await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: notListed, values: DELIVERED });
      await sendDueMessages(testDelivery(db, { whatsapp: createWhatsappTransport(settingsOf(picky)) }));
      expect(await messageTo(db, unknownTemplate)).toMatchObject({
        status: "failed",
        attempts: 1,
        lastError: "WhatsApp answered 400 (#132001): template name (kesar_order_delivered) does not exist in hi",
      });
      expect(await messageTo(db, notListed)).toMatchObject({
        status: "failed",
        attempts: 1,
        lastError: expect.stringContaining("(#131030): Recipient phone number not in allowed list"),
      });
      const badToken = await optedIn(db);
      await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: badToken, values: DELIVERED });
      const wrong = createWhatsappTransport({ ...settingsOf(picky), token: "not-the-token" });
      await sendDueMessages(testDelivery(db, { whatsapp: wrong }));
      expect(await messageTo(db, badToken)).toMatchObject({
        status: "failed",
        lastError: expect.stringContaining("401 (#190)"),
      });
    } finally {
      await picky.close();
    }
  });

  it("fails a WhatsApp message, saying why, when WhatsApp is not set up", async () => {
    const { db } = database();
    const buyer = await optedIn(db);
    await queueWhatsapp(db, { kind: "order-delivered", language: "en", to: buyer, values: DELIVERED });
    await sendDueMessages(testDelivery(db));
    expect(await messageTo(db, buyer)).toMatchObject({
      status: "failed",
      lastError: "WhatsApp is not set up (WHATSAPP_TOKEN and the rest).",
    });
  });
});
