import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { confirmEmail, passwordResetState, requestPasswordReset, resetPassword } from "../accounts/identity.service.ts";
import { hashToken } from "../accounts/sessions.service.ts";
import { addToCart } from "../cart/cart.service.ts";
import { openDatabase } from "../db/database.ts";
import type { Db } from "../db/schema.ts";
import { startOutboxWorker } from "../jobs/repeating-job.ts";
import { shopLinkMaker } from "../mail-links.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { failure } from "../testing/app-error.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  uniqueAddress,
  uniqueWord,
} from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { type Delivery, deliverDueMail, queueMail, recentMail, resendMail } from "./mail.service.ts";
import { createMailTransport } from "./mail-transport.ts";
import { claimDue } from "./outbox.repository.ts";

const PUBLIC_URL = "https://kesar.example";
const ADMIN = actorFor({ id: "admin-for-mail", email: "admin@kesar.example" }, "admin");

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function delivery(db: Db, mailUrl: string): Delivery {
  return {
    db,
    transport: createMailTransport(mailUrl),
    from: "Kesar <orders@kesar.example>",
    publicUrl: PUBLIC_URL,
    makeLink: shopLinkMaker(db),
  };
}

const folders: string[] = [];
const outboxFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "kesar-outbox-"));
  folders.push(folder);
  return folder;
};
/** The .eml files in a folder that are addressed to `to`. */
const emlFilesTo = (folder: string, to: string) =>
  readdirSync(folder).filter(
    (name) => name.endsWith(".eml") && readFileSync(path.join(folder, name), "utf8").includes(`To: ${to}`),
  );

async function statusOf(db: Db, recipient: string) {
  return db
    .selectFrom("outbox")
    .select(["status", "attempts", "lastError"])
    .where("recipient", "=", recipient)
    .executeTakeFirstOrThrow();
}

/** A plain message for the outbox's own tests: a guest's order link. */
function orderLink(to: string) {
  return { kind: "order-link" as const, to, payload: { orderNumber: "KS-100001", orderPath: "/orders/abc" } };
}

describeEachDatabase("the mail outbox", (database) => {
  it("is written in the order's transaction, and not when the order fails", async () => {
    const { db } = database();
    const lastPiece = await makeProduct(db, { title: "Last Chanderi Kurta", price: 189_900, sizes: { M: 1 } });
    const [first, second] = [makeVisitor(), makeVisitor()];
    await addToCart(db, first, { productId: lastPiece, size: "M" });
    await addToCart(db, second, { productId: lastPiece, size: "M" });
    const winner = checkoutDetails();
    const loser = checkoutDetails();
    const placed = await placeOrder(db, first, winner, atShop());
    expect((await failure(placeOrder(db, second, loser, atShop()))).code).toBe("out-of-stock");

    const [confirmation] = await mailsTo(db, winner.email);
    expect(confirmation).toMatchObject({ kind: "order-placed", subject: `Your Kesar order ${placed.orderNumber}` });
    expect(confirmation?.payload).toMatchObject({ orderNumber: placed.orderNumber, total: 199_900, isGuest: true });
    expect(await mailsTo(db, loser.email)).toEqual([]);

    // A transaction that fails after queueing takes its message with it.
    const rolledBack = `${uniqueWord()}@mail.in`;
    await expect(
      db.transaction().execute(async (trx) => {
        await queueMail(trx, orderLink(rolledBack));
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await mailsTo(db, rolledBack)).toEqual([]);
  });

  it("writes each message as an .eml file with the order's details and links on the public address", async () => {
    const { db } = database();
    const folder = outboxFolder();
    const shipper = delivery(db, `file:${folder}`);
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const saree = await makeProduct(db, { title: "Banarasi Silk Saree", price: 1_249_900, sizes: { "One Size": 3 } });
    await addToCart(db, actor, { productId: saree, size: "One Size", quantity: 2 });
    const placed = await placeOrder(db, actor, checkoutDetails({ email: customer.email }), atShop());
    await changeStatus(db, SYSTEM, {
      orderId: placed.id,
      from: "placed",
      to: "shipped",
      courier: "Blue Dart",
      trackingNumber: "BD 4417 2290",
      expectedDelivery: "2026-12-02",
    });
    while ((await deliverDueMail(shipper)) > 0) {}

    const files = emlFilesTo(folder, customer.email);
    const forCustomer = await Promise.all(files.map((name) => simpleParser(readFileSync(path.join(folder, name)))));
    const placedMail = forCustomer.find((mail) => mail.subject === `Your Kesar order ${placed.orderNumber}`);
    expect(placedMail?.from?.value).toEqual([{ name: "Kesar", address: "orders@kesar.example" }]);
    expect(placedMail?.text).toContain("Banarasi Silk Saree");
    expect(placedMail?.text).toContain("₹25,098");
    expect(placedMail?.text).toMatch(/Grand Total +₹25,098/);
    expect(placedMail?.text).toContain("Payment: Cash on delivery");
    expect(placedMail?.text).toContain("Linking Road, Bandra West, Mumbai, Maharashtra 400050 · Mobile");
    expect(placedMail?.html).toContain(`${PUBLIC_URL}/orders/${placed.accessToken}`);
    const shipped = forCustomer.find((mail) => mail.subject === `Your order ${placed.orderNumber} has shipped`);
    expect(shipped?.text).toContain("is on its way");
    // The day as the shop writes a delivery day, and the tracking number a link to the courier's page.
    expect(shipped?.text).toContain("Expected delivery: Wed, 2 Dec\n");
    expect(shipped?.html).toContain(
      'href="https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&amp;trackNo=BD44172290"',
    );
    expect((await statusOf(db, customer.email)).status).toBe("sent");
  });

  it("holds no link or code while a reset or confirmation mail waits; the mail as sent carries one that works", async () => {
    const { db } = database();
    const folder = outboxFolder();
    // Signing up queued a confirmation; Forgot password queues a reset.
    const customer = await makeCustomer(db);
    await requestPasswordReset(db, { email: customer.email }, { ip: uniqueAddress() });
    const waiting = await db.selectFrom("outbox").selectAll().where("recipient", "=", customer.email).execute();
    expect(waiting.map((row) => row.kind).sort()).toEqual(["password-reset", "verify-email"]);
    // Someone who reads the outbox (a leaked backup, a query let through) finds no link, and no
    // string in the rows opens anything: no code has been made yet.
    const rows = JSON.stringify(waiting);
    expect(rows).not.toMatch(/reset-password\/|verify-email\//);
    expect(await db.selectFrom("actionCodes").select("codeHash").where("userId", "=", customer.id).execute()).toEqual(
      [],
    );
    for (const word of rows.match(/[A-Za-z0-9_-]{16,}/g) ?? []) {
      expect(await passwordResetState(db, word), word).toBe("invalid");
      expect((await failure(confirmEmail(db, word))).code, word).toBe("invalid-action-code");
    }

    while ((await deliverDueMail(delivery(db, `file:${folder}`))) > 0) {}
    const delivered = await Promise.all(
      emlFilesTo(folder, customer.email).map((name) => simpleParser(readFileSync(path.join(folder, name)))),
    );
    const codeIn = (subject: string, link: string) =>
      delivered.find((mail) => mail.subject === subject)?.text?.match(new RegExp(`${link}([A-Za-z0-9_-]+)`))?.[1] ?? "";
    const reset = codeIn("Reset your Kesar password", "/reset-password/");
    const confirm = codeIn("Confirm your e-mail address for Kesar", "/verify-email/");
    expect(reset.length).toBeGreaterThanOrEqual(32);
    expect(confirm.length).toBeGreaterThanOrEqual(32);
    // Once sent, the outbox forgets even whom a link was for; the codes are kept as hashes only.
    const sent = await db.selectFrom("outbox").selectAll().where("recipient", "=", customer.email).execute();
    expect(sent.map((row) => [row.status, row.payload])).toEqual([
      ["sent", "{}"],
      ["sent", "{}"],
    ]);
    const stored = await db.selectFrom("actionCodes").selectAll().where("userId", "=", customer.id).execute();
    expect(stored.map((row) => row.codeHash).sort()).toEqual([hashToken(reset), hashToken(confirm)].sort());
    expect(JSON.stringify([...sent, ...stored])).not.toMatch(new RegExp(`${reset}|${confirm}`));
    // The links as mailed work.
    expect(await confirmEmail(db, confirm)).toBe(customer.email);
    await resetPassword(db, testConfig(), { code: reset, password: "Brand-new-pass-2" });
    expect(await passwordResetState(db, reset)).toBe("invalid");
  });

  it("sends a reset queued before links were made at sending as it was queued, and drops one for an address without an account", async () => {
    const { db } = database();
    const folder = outboxFolder();
    const legacy = `${uniqueWord()}@mail.in`;
    await queueMail(db, {
      kind: "password-reset",
      to: legacy,
      payload: { name: "Asha", resetPath: "/reset-password/queued-before", minutes: 30 },
    } as unknown as Parameters<typeof queueMail>[1]);
    const nobody = `${uniqueWord()}@nobody.in`;
    await requestPasswordReset(db, { email: nobody }, { ip: uniqueAddress() });
    expect((await mailsTo(db, nobody)).map((mail) => mail.kind)).toEqual(["password-reset"]);
    while ((await deliverDueMail(delivery(db, `file:${folder}`))) > 0) {}
    const [old] = emlFilesTo(folder, legacy).map((name) => readFileSync(path.join(folder, name), "utf8"));
    expect(old?.replace(/=\r?\n/g, "")).toContain("/reset-password/queued-before");
    expect(emlFilesTo(folder, nobody)).toEqual([]);
    expect(await mailsTo(db, nobody)).toEqual([]);
  });

  it("sends a message soon after it is queued, not at the worker's next round", async () => {
    const { db } = database();
    const folder = outboxFolder();
    const shipper = delivery(db, `file:${folder}`);
    let lastRound: number | null = null;
    // Its next round an hour away: only the word that a message was queued can bring it sooner.
    const worker = startOutboxWorker(
      async () => {
        lastRound = null;
        lastRound = await deliverDueMail(shipper);
        return lastRound;
      },
      () => shipper.transport.close(),
      { intervalMs: 3_600_000 },
    );
    try {
      // Its first round, at once, has sent whatever the tests before left queued, and found no more.
      await expect.poll(() => lastRound, { timeout: 10_000 }).toBe(0);
      const to = `${uniqueWord()}@mail.in`;
      await db.transaction().execute((trx) => queueMail(trx, orderLink(to)));
      await expect.poll(() => emlFilesTo(folder, to), { timeout: 10_000 }).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("sends a message once when the worker holding it dies before it is sent", async () => {
    const { db } = database();
    const folder = outboxFolder();
    const to = `${uniqueWord()}@mail.in`;
    const now = Date.now();
    await queueMail(db, orderLink(to), now);
    // A worker takes the message and dies: its lease keeps others off it until it runs out.
    await db.transaction().execute((trx) => claimDue(trx, now, now + 120_000, 50));
    expect((await statusOf(db, to)).status).toBe("sending");
    const shipper = delivery(db, `file:${folder}`);
    await deliverDueMail(shipper, now + 60_000);
    expect(emlFilesTo(folder, to)).toEqual([]);

    await deliverDueMail(shipper, now + 120_001);
    await deliverDueMail(shipper, now + 240_000);
    expect(emlFilesTo(folder, to)).toHaveLength(1);
    expect(await statusOf(db, to)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("delivers over SMTP, retries a refusal with growing waits, gives up, and the admin can resend", async () => {
    const { db } = database();
    const to = `${uniqueWord()}@mail.in`;
    const shipper = delivery(db, sink.url);
    let now = Date.now();
    await queueMail(db, orderLink(to), now);
    sink.refuseWith = "Mailbox unavailable";
    try {
      await deliverDueMail(shipper, now);
      expect(await statusOf(db, to)).toMatchObject({ status: "queued", attempts: 1 });
      expect((await statusOf(db, to)).lastError).toContain("Mailbox unavailable");
      // Not due again at once.
      expect(await deliverDueMail(shipper, now + 1_000)).toBe(0);
      expect((await statusOf(db, to)).attempts).toBe(1);
      for (let attempt = 2; attempt <= 7; attempt++) {
        now += 7 * 3_600_000;
        await deliverDueMail(shipper, now);
      }
      expect(await statusOf(db, to)).toMatchObject({ status: "failed", attempts: 7 });
    } finally {
      sink.refuseWith = null;
    }
    const listed = await recentMail(db, ADMIN);
    expect(listed.rows.find((row) => row.recipient === to)).toMatchObject({ status: "failed" });
    expect((await failure(recentMail(db, actorFor({ id: "x", email: "x@y.in" })))).code).toBe("forbidden");

    const failedId = listed.rows.find((row) => row.recipient === to)?.id ?? 0;
    await resendMail(db, ADMIN, failedId);
    await deliverDueMail(shipper);
    expect((await statusOf(db, to)).status).toBe("sent");
    const arrived = sink.received.filter((mail) => JSON.stringify(mail.to).includes(to));
    expect(arrived.map((mail) => mail.subject)).toEqual(["The link to your Kesar order KS-100001"]);
    expect(arrived[0]?.text).toContain(`${PUBLIC_URL}/orders/abc`);
    expect(await failure(resendMail(db, ADMIN, failedId))).toEqual({
      code: "not-found",
      message: "Only a message that failed can be sent again.",
    });
    expect((await failure(resendMail(db, ADMIN, "1; drop table outbox"))).code).toBe("validation-failed");
  });

  it("never sends one message twice when workers in several processes run at once", async () => {
    const { db, url, engine } = database();
    // node:sqlite waits for a lock synchronously, so two SQLite handles cannot share one process:
    // there the workers share a handle (and SQLite's single writer), on PostgreSQL each has a pool.
    const second = engine === "postgres" ? openDatabase(url) : { db, close: async () => {} };
    try {
      const batch = uniqueWord("many");
      const recipients = Array.from({ length: 60 }, (_, i) => `${batch}-${i}@mail.in`);
      for (const to of recipients) await queueMail(db, orderLink(to));
      const workers = [db, second.db, db, second.db].map((handle) => delivery(handle, sink.url));
      await Promise.all(
        workers.map(async (worker) => {
          while ((await deliverDueMail(worker, Date.now(), 5)) > 0) {}
        }),
      );
      const arrived = sink.received.filter((mail) => JSON.stringify(mail.to).includes(batch));
      expect(arrived).toHaveLength(60);
      expect(new Set(arrived.map((mail) => mail.messageId)).size).toBe(60);
      expect(new Set(arrived.map((mail) => mail.to && JSON.stringify(mail.to))).size).toBe(60);
    } finally {
      await second.close();
    }
  });
});
