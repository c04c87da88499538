import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { LocalMsg91 } from "../testing/local-msg91.ts";
import { capturingSms, messagesFor, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import type { OutgoingSms } from "./messaging.schemas.ts";
import { PermanentSendError } from "./messaging.schemas.ts";
import { deliverDueMessages, queueSms } from "./messaging.service.ts";
import { smsGatewayOf } from "./messaging-settings.ts";
import { createSmsTransport, type SmsTransport } from "./sms-transport.ts";

const SHIPPED = { orderNumber: "KS-100042", courier: "Delhivery", linkCode: "Tk9x2LmQ7rVb3Zp8Wd5Yc1Hs6Nf4" };

let folder = "";
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), "shop-sms-"));
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** A transport that fails `failures` times, then works; what it was given, in order. */
function flakySms(failures: number, error: () => Error = () => new Error("gateway busy")) {
  const tries: OutgoingSms[] = [];
  let left = failures;
  const transport: SmsTransport = {
    send: async (sms) => {
      tries.push(sms);
      if (left-- > 0) throw error();
      return { providerMessageId: null };
    },
    close: () => {},
  };
  return { transport, tries };
}

describeEachDatabase("the SMS outbox", (database) => {
  it("queues a message only with the transaction that caused it", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    await expect(
      db.transaction().execute(async (trx) => {
        await queueSms(trx, { kind: "order-shipped", language: "en", to: phone, values: SHIPPED });
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect(await messagesFor(db, phone)).toEqual([]);
    await db
      .transaction()
      .execute((trx) => queueSms(trx, { kind: "order-shipped", language: "en", to: phone, values: SHIPPED }));
    expect(await messagesFor(db, phone)).toHaveLength(1);
  });

  it("sends each message once when two workers on two connections deliver at the same time", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const numbers = Array.from({ length: 60 }, () => uniqueMobile());
      for (const to of numbers) await queueSms(db, { kind: "order-delivered", language: "en", to, values: SHIPPED });
      const sms = capturingSms();
      const workers = [testDelivery(db, { sms }), testDelivery(other.db, { sms })];
      const rounds = await Promise.all(workers.map((worker) => sendDueMessages(worker)));
      const mine = sms.sent.filter((message) => numbers.includes(message.to));
      expect(mine).toHaveLength(60);
      expect(new Set(mine.map((message) => message.to)).size).toBe(60);
      expect(rounds.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(60);
      const rows = await db
        .selectFrom("messages")
        .select(["status", "payload"])
        .where("recipient", "in", numbers)
        .execute();
      expect(new Set(rows.map((row) => `${row.status} ${row.payload}`))).toEqual(new Set(["sent {}"]));
    } finally {
      await other.close();
    }
  });

  it("tries a failed send again later, with longer waits, and gives up after the last", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const start = Date.now();
    await queueSms(db, { kind: "order-delivered", language: "en", to: phone, values: SHIPPED }, start);
    const { transport, tries } = flakySms(2);
    const delivery = testDelivery(db, { sms: transport });
    await deliverDueMessages(delivery, start);
    const [afterOne] = await messagesFor(db, phone);
    expect(afterOne).toMatchObject({ status: "queued", attempts: 1, lastError: "gateway busy" });
    expect(afterOne?.nextAttemptAt).toBeGreaterThanOrEqual(start + 30_000);
    // Not before its wait.
    await deliverDueMessages(delivery, start + 1_000);
    expect(tries.filter((sms) => sms.to === phone)).toHaveLength(1);
    await deliverDueMessages(delivery, (afterOne?.nextAttemptAt ?? 0) + 1);
    const [afterTwo] = await messagesFor(db, phone);
    expect(afterTwo?.nextAttemptAt).toBeGreaterThanOrEqual((afterOne?.nextAttemptAt ?? 0) + 2 * 60_000);
    await deliverDueMessages(delivery, (afterTwo?.nextAttemptAt ?? 0) + 1);
    expect((await messagesFor(db, phone))[0]).toMatchObject({ status: "sent", attempts: 3, lastError: null });

    const doomed = uniqueMobile();
    await queueSms(db, { kind: "order-delivered", language: "en", to: doomed, values: SHIPPED }, start);
    const broken = testDelivery(db, { sms: flakySms(100).transport });
    let at = start;
    for (let attempt = 0; attempt < 7; attempt++) {
      await deliverDueMessages(broken, at);
      at = ((await messagesFor(db, doomed))[0]?.nextAttemptAt ?? at) + 1;
    }
    expect((await messagesFor(db, doomed))[0]).toMatchObject({ status: "failed", attempts: 7 });
  });

  it("fails at once what the provider refuses for good, and what does not fit its template", async () => {
    const { db } = database();
    const refused = uniqueMobile();
    const tooLong = uniqueMobile();
    await queueSms(db, { kind: "order-delivered", language: "en", to: refused, values: SHIPPED });
    await queueSms(db, {
      kind: "order-shipped",
      language: "en",
      to: tooLong,
      values: { ...SHIPPED, courier: "A courier with a name far longer than thirty characters" },
    });
    const { transport } = flakySms(100, () => new PermanentSendError("Template ID Missing or Invalid"));
    await sendDueMessages(testDelivery(db, { sms: transport }));
    expect((await messagesFor(db, refused))[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Template ID Missing or Invalid",
    });
    expect((await messagesFor(db, tooLong))[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "The order-shipped message's courier is longer than 30 characters.",
    });
  });

  it("takes back a message whose worker died holding it, once its lease has run out", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const start = Date.now();
    await queueSms(db, { kind: "order-delivered", language: "en", to: phone, values: SHIPPED }, start);
    const stuck = testDelivery(db, { sms: { send: () => new Promise(() => {}), close: () => {} } });
    void deliverDueMessages(stuck, start);
    await expect.poll(async () => (await messagesFor(db, phone))[0]?.status, { timeout: 5_000 }).toBe("sending");
    const sms = capturingSms();
    await deliverDueMessages(testDelivery(db, { sms }), start + 60_000);
    expect(sms.sent.filter((message) => message.to === phone)).toHaveLength(0);
    await deliverDueMessages(testDelivery(db, { sms }), start + 2 * 60_000 + 1);
    expect(sms.sent.filter((message) => message.to === phone)).toHaveLength(1);
  });

  it("writes one JSON file per SMS to the file outbox: to, template, DLT template id and text, for its owner only", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const outbox = path.join(folder, "sms");
    await queueSms(db, { kind: "order-shipped", language: "hi", to: phone, values: SHIPPED });
    const smsTemplates = new Map([
      ["order-shipped.hi", { dltTemplateId: "1107171234567890123", msg91TemplateId: null }],
    ]);
    const sms = createSmsTransport(smsGatewayOf(`file:${outbox}`, folder));
    await sendDueMessages(testDelivery(db, { sms, smsTemplates, publicUrl: "https://kesar.in/" }));
    const files = readdirSync(outbox).filter((name) => name.endsWith(".json"));
    const written = files.map((name) => JSON.parse(readFileSync(path.join(outbox, name), "utf8")));
    const mine = written.filter((file) => file.to === phone);
    expect(mine).toEqual([
      {
        to: phone,
        template: "order-shipped.hi",
        dltTemplateId: "1107171234567890123",
        text: `आपका Kesar ऑर्डर KS-100042 Delhivery से भेज दिया गया है। ट्रैक करें: kesar.in/m/${SHIPPED.linkCode} - Kesar`,
      },
    ]);
    const file = files.find((name) => JSON.parse(readFileSync(path.join(outbox, name), "utf8")).to === phone) ?? "";
    expect(statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600);
    expect(readdirSync(outbox).filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("sends through MSG91's flow API: the authkey, the MSG91 template, the DLT header and the values by name", async () => {
    const { db } = database();
    const msg91 = await new LocalMsg91({ templateIds: ["66a1b2c3d4e5f60718293a4b"] }).start();
    try {
      const smsTemplates = new Map([
        ["order-shipped.en", { dltTemplateId: "1107171234567890123", msg91TemplateId: "66a1b2c3d4e5f60718293a4b" }],
        ["order-delivered.en", { dltTemplateId: "1107171234567890124", msg91TemplateId: "66a1b2c3d4e5f60718293aff" }],
      ]);
      const sms = createSmsTransport(smsGatewayOf(msg91.smsUrl("KESARS"), folder));
      const phone = uniqueMobile();
      const refused = uniqueMobile();
      await queueSms(db, { kind: "order-shipped", language: "en", to: phone, values: SHIPPED });
      await queueSms(db, { kind: "order-delivered", language: "en", to: refused, values: SHIPPED });
      await sendDueMessages(testDelivery(db, { sms, smsTemplates }));
      expect(msg91.requests[0]).toEqual({
        authkey: msg91.authKey,
        body: {
          template_id: "66a1b2c3d4e5f60718293a4b",
          sender: "KESARS",
          short_url: "0",
          recipients: [{ mobiles: `91${phone.slice(3)}`, ...SHIPPED }],
        },
      });
      const [sent] = await messagesFor(db, phone);
      expect(sent).toMatchObject({ status: "sent", providerMessageId: expect.stringMatching(/^[0-9a-f]{24}$/) });
      // A template MSG91 does not know is refused for good, not retried for hours.
      expect((await messagesFor(db, refused))[0]).toMatchObject({
        status: "failed",
        lastError: "MSG91 answered 400: Template ID Missing or Invalid",
      });
    } finally {
      await msg91.close();
    }
  });
});
