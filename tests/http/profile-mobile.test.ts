import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatMobile, type IndianMobile, nationalNumber } from "#core/phone.ts";
import { NUMBER_TAKEN_MESSAGE } from "#server/accounts/phone-accounts.service.ts";
import { uniqueMobile } from "#server/testing/messages.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { codeSentTo } from "../e2e/sms-box.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * The profile's mobile number over HTTP (/profile/mobile): added or changed only by the code sent to
 * the number typed, never another account's, and only by the signed-in owner.
 */

type Browser = ReturnType<typeof shopBrowser>;

// The HTTP side (the form's steps, refusals, the login guard): SQLite alone (record 17); a number
// verified and a number another account has are tested on both databases in server/accounts.
describeOnSqlite("the profile's mobile number over HTTP", (database) => {
  const smsDir = mkdtempSync(path.join(tmpdir(), "shop-profile-sms-"));
  let shop: TestShop;
  let signUps = 0;

  beforeAll(async () => {
    shop = await startTestShop(database(), { SMS_URL: `file:${smsDir}` });
  });
  afterAll(async () => {
    await shop?.dispose();
    rmSync(smsDir, { recursive: true, force: true });
  });

  /** A new customer, signed in. */
  async function customer(): Promise<Browser> {
    signUps += 1;
    const browser = shopBrowser(shop);
    const email = `profile-mobile-${signUps}-${Date.now()}@mail.in`;
    const answer = await browser.post("/signup", { name: "Kabir Rao", email, password: "Secret-pass-1" });
    expect(answer.statusCode).toBe(302);
    return browser;
  }

  const challengeIn = (body: string) => body.match(/name="challengeId" value="([A-Za-z0-9]+)"/)?.[1] ?? "";

  /** Asks for a code to `phone` on the profile, and types the one the SMS carries (the `nth` to that number). */
  async function proveOnProfile(browser: Browser, phone: IndianMobile, nth: number) {
    const sent = await browser.post("/profile/mobile", { intent: "send", phone: nationalNumber(phone) });
    expect(sent.statusCode).toBe(200);
    const code = await codeSentTo(smsDir, phone, nth);
    return browser.post("/profile/mobile", { intent: "verify", challengeId: challengeIn(sent.body), code });
  }

  const mobileOf = async (browser: Browser) =>
    (await browser.get("/profile")).body.match(/data-testid="profile-mobile">([^<]*)</)?.[1] ?? "";

  it("adds a number once its code comes back, and changes it only by a code sent to the new one", async () => {
    const shopper = await customer();
    const first = uniqueMobile();
    expect(await mobileOf(shopper)).toContain("Not added");
    const added = await proveOnProfile(shopper, first, 1);
    expect(added).toMatchObject({ statusCode: 302, headers: { location: "/profile" } });
    expect(await mobileOf(shopper)).toContain(formatMobile(first));

    // A code is sent to the new number; until it comes back, the old one stands.
    const second = uniqueMobile();
    expect((await shopper.get("/profile/mobile")).body).toContain("New mobile number");
    const sent = await shopper.post("/profile/mobile", { intent: "send", phone: nationalNumber(second) });
    await codeSentTo(smsDir, second);
    const wrong = await shopper.post("/profile/mobile", {
      intent: "verify",
      challengeId: challengeIn(sent.body),
      code: "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(await mobileOf(shopper)).toContain(formatMobile(first));
    const changed = await shopper.post("/profile/mobile", {
      intent: "verify",
      challengeId: challengeIn(sent.body),
      code: await codeSentTo(smsDir, second),
    });
    expect(changed.statusCode).toBe(302);
    expect(await mobileOf(shopper)).toContain(formatMobile(second));
  });

  it("refuses another account's number, and keeps it with its owner", async () => {
    const owner = await customer();
    const phone = uniqueMobile();
    await proveOnProfile(owner, phone, 1);
    const other = await customer();
    const refused = await proveOnProfile(other, phone, 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(NUMBER_TAKEN_MESSAGE);
    expect(await mobileOf(other)).toContain("Not added");
    expect(await mobileOf(owner)).toContain(formatMobile(phone));
  });

  it("sends a visitor who is not signed in to the login, and gives no one the number", async () => {
    const visitor = shopBrowser(shop);
    const page = await visitor.get("/profile/mobile");
    expect(page.statusCode).toBe(302);
    expect(String(page.headers.location)).toMatch(/^\/login/);
    // A code proved on /login/mobile is no key to an account's profile either.
    const phone = uniqueMobile();
    const started = await visitor.post("/login/mobile", { intent: "send", phone: nationalNumber(phone) });
    const code = await codeSentTo(smsDir, phone);
    const posted = await visitor.post("/profile/mobile", {
      intent: "verify",
      challengeId: challengeIn(started.body),
      code,
    });
    expect(posted.statusCode).toBe(302);
    expect(String(posted.headers.location)).toMatch(/^\/login/);
    const owners = await shop.services.db.selectFrom("users").select("id").where("mobile", "=", phone).execute();
    expect(owners).toEqual([]);
  });
});
