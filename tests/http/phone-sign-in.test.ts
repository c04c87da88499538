import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { type IndianMobile, isPhoneOnlyEmail, maskMobile, nationalNumber } from "#core/phone.ts";
import {
  EXPIRED_CODE_MESSAGE,
  INVALID_CHALLENGE_MESSAGE,
  SENDS_PER_ADDRESS_PER_HOUR,
  SENDS_PER_NUMBER_BURST,
  TRIES_USED_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "#server/accounts/phone-sign-in.service.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/database.ts";
import { uniqueMobile } from "#server/testing/messages.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { codeSentTo } from "../e2e/sms-box.ts";
import { checkoutForm, type LiveAnswer, liveBrowser, productInput } from "./live-shop.ts";

/** The sign-in's id, as the code step's form carries it. */
function challengeIn(answer: LiveAnswer): string {
  const id = answer.body.match(/name="challengeId" value="([A-Za-z0-9]+)"/)?.[1];
  if (!id) throw new Error(`No sign-in in the answer (${answer.status}):\n${answer.body.slice(0, 500)}`);
  return id;
}

/**
 * Sign in with a mobile number, from the attacker's side, over HTTP against a shop of two workers.
 * The rules (limits, tries, expiry) are proved on both engines in the service suite
 * (server/accounts/phone-sign-in.test.ts), with guesses over two connections as two workers would
 * send them; what HTTP adds, the forms, the cookies and the limits counted across two worker
 * processes, does not depend on the engine, so this runs on SQLite.
 */
describe("sign-in by mobile number, over HTTP", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-phone-"));
  const smsDir = path.join(dir, "sms");
  let shop: ShopProcess;
  let db: DatabaseHandle["db"];
  let close: () => Promise<void> = async () => {};
  let productId = 0;
  let addressCounter = 0;
  /** A browser of its own network (the shop believes one proxy hop). */
  const browser = () => liveBrowser({ address: `198.19.${(++addressCounter >> 8) & 255}.${addressCounter & 255}` });
  const send = (who: ReturnType<typeof liveBrowser>, phone: string) =>
    who.post(shop.baseUrl, "/login/mobile", { intent: "send", phone });
  const verify = (who: ReturnType<typeof liveBrowser>, challengeId: string, code: string) =>
    who.post(shop.baseUrl, "/login/mobile", { intent: "verify", challengeId, code });

  beforeAll(async () => {
    const databaseUrl = `file:${path.join(dir, "shop.db")}`;
    shop = await startShopProcess({
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "2",
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
      MAIL_URL: `file:${path.join(dir, "outbox")}`,
      SMS_URL: `file:${smsDir}`,
    });
    const handle = openDatabase(databaseUrl);
    db = handle.db;
    close = () => handle.close();
    productId = await createProduct(db, SYSTEM, productInput({ price: 99_900, sizes: [{ size: "M", stock: 100 }] }));
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("signs a guest in with the code from the SMS, as the e-mail login does, and shows their guest order on My Orders", async () => {
    const phone = uniqueMobile();
    const guest = browser();
    await guest.post(shop.baseUrl, "/cart", { intent: "add", productId: String(productId), size: "M" });
    const ordered = await guest.post(shop.baseUrl, "/guest", { ...checkoutForm(), phone: nationalNumber(phone) });
    expect(ordered.status).toBe(302);
    const started = await send(guest, phone);
    expect(started.status).toBe(200);
    expect(started.body).toContain(maskMobile(phone));
    const code = await codeSentTo(smsDir, phone);
    const named = await verify(guest, challengeIn(started), code);
    // A new number asks a name first.
    expect(named.status).toBe(200);
    const before = guest.cookie;
    const signedIn = await guest.post(shop.baseUrl, "/login/mobile", {
      intent: "name",
      challengeId: challengeIn(named),
      name: "Asha Verma",
    });
    expect(signedIn).toMatchObject({ status: 302, location: "/" });
    expect(guest.cookie).toMatch(/(^|; )sid=/);
    expect(guest.cookie).not.toBe(before);
    const orders = await guest.get(shop.baseUrl, "/order");
    expect(orders.status).toBe(200);
    const number = (
      await db
        .selectFrom("orders")
        .select("orderNumber")
        .where("phone", "=", nationalNumber(phone))
        .executeTakeFirstOrThrow()
    ).orderNumber;
    expect(orders.body).toContain(number);
    const account = await db.selectFrom("users").select("email").where("mobile", "=", phone).executeTakeFirstOrThrow();
    expect(isPhoneOnlyEmail(account.email)).toBe(true);
    // No page shows the placeholder to its owner.
    const profile = await guest.get(shop.baseUrl, "/profile");
    expect(profile.body).not.toContain(account.email);
    expect(profile.body).not.toContain("phone.kesar.invalid");
  });

  it("refuses the right code after five wrong ones", async () => {
    const phone = uniqueMobile();
    const visitor = browser();
    const started = await send(visitor, phone);
    const challengeId = challengeIn(started);
    const code = await codeSentTo(smsDir, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await verify(visitor, challengeId, wrong);
      expect(answer.status).toBe(400);
    }
    const right = await verify(visitor, challengeId, code);
    expect(right.status).toBe(429);
    expect(right.body).toContain(TRIES_USED_MESSAGE);
    expect(visitor.cookie).not.toMatch(/(^|; )sid=/);
  });

  it("never takes a code sent to one number for another's sign-in, nor a used code, nor an expired one", async () => {
    const [first, second] = [uniqueMobile(), uniqueMobile()];
    const visitor = browser();
    const one = challengeIn(await send(visitor, first));
    const two = challengeIn(await send(visitor, second));
    const firstCode = await codeSentTo(smsDir, first);
    const secondCode = await codeSentTo(smsDir, second);
    const crossed = await verify(visitor, two, firstCode);
    expect(crossed.status).toBe(400);
    expect(crossed.body).toContain(WRONG_CODE_MESSAGE);
    // Nor in another browser, with its own code.
    const elsewhere = await verify(browser(), one, firstCode);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toContain(INVALID_CHALLENGE_MESSAGE);

    const signedIn = await verify(visitor, one, firstCode);
    expect(signedIn.status).toBe(200); // a new number: its name next
    const again = await verify(visitor, one, firstCode);
    expect(again.status).toBe(400);
    expect(again.body).toContain(INVALID_CHALLENGE_MESSAGE);

    // Five minutes later (the code's time moved back), the second number's code has expired.
    await db
      .updateTable("phoneChallenges")
      .set({ codeExpiresAt: Date.now() - 1 })
      .where("id", "=", two)
      .execute();
    const expired = await verify(visitor, two, secondCode);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain(EXPIRED_CODE_MESSAGE);
  });

  it("sends one number at most three codes however many ask at once from however many networks", async () => {
    const phone = uniqueMobile();
    const answers = await Promise.all(Array.from({ length: 40 }, () => send(browser(), phone)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SENDS_PER_NUMBER_BURST);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - SENDS_PER_NUMBER_BURST);
    await codeSentTo(smsDir, phone, SENDS_PER_NUMBER_BURST);
    const queued = await db.selectFrom("messages").select("status").where("recipient", "=", phone).execute();
    expect(queued).toHaveLength(SENDS_PER_NUMBER_BURST);
  });

  it("lets one network ask for codes to at most twenty numbers, however many at once", async () => {
    const numbers = Array.from({ length: 50 }, () => uniqueMobile());
    const network = browser();
    const answers = await Promise.all(numbers.map((phone) => send(network, phone)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SENDS_PER_ADDRESS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - SENDS_PER_ADDRESS_PER_HOUR);
    const queued = await db.selectFrom("messages").select("id").where("recipient", "in", numbers).execute();
    expect(queued).toHaveLength(SENDS_PER_ADDRESS_PER_HOUR);
  });

  it("answers the same for a number with an account and one without: status, page and headers", async () => {
    const known = uniqueMobile();
    const unknown = uniqueMobile();
    const owner = browser();
    const challengeId = challengeIn(await send(owner, known));
    await verify(owner, challengeId, await codeSentTo(smsDir, known));
    await owner.post(shop.baseUrl, "/login/mobile", { intent: "name", challengeId, name: "Known Buyer" });
    expect(await db.selectFrom("users").select("id").where("mobile", "=", known).execute()).toHaveLength(1);

    const asker = browser();
    await send(asker, uniqueMobile()); // the browser has its cookie from now on, as both asks find it
    const answers = [];
    for (const phone of [known, unknown] as IndianMobile[]) {
      const response = await fetch(`${shop.baseUrl}/login/mobile`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: shop.baseUrl,
          cookie: asker.cookie,
          "x-forwarded-for": "198.19.250.1",
        },
        body: new URLSearchParams({ intent: "send", phone }),
      });
      const body = await response.text();
      const nonce = String(response.headers.get("content-security-policy")).match(/'nonce-([^']+)'/)?.[1] ?? "-";
      const id = body.match(/name="challengeId" value="([A-Za-z0-9]+)"/)?.[1] ?? "-";
      const headers = [...response.headers]
        .filter(([name]) => !["date", "content-length", "x-request-id"].includes(name))
        .map(([name, value]) => [name, value.replaceAll(nonce, "<nonce>")]);
      answers.push({
        status: response.status,
        headers,
        body: body.replaceAll(nonce, "<nonce>").replaceAll(id, "<sign-in>").replaceAll(maskMobile(phone), "<number>"),
      });
    }
    expect(answers[0]?.status).toBe(200);
    expect(answers[0]).toEqual(answers[1]);
  });
});
