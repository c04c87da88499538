import { expect, it } from "vitest";
import { isPhoneOnlyEmail } from "#core/phone.ts";
import { openDatabase } from "../db/database.ts";
import type { Db } from "../db/schema.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, uniqueAddress, uniqueWord } from "../testing/factories.ts";
import { capturingSms, codeTo, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { logIn } from "./accounts.service.ts";
import {
  attachVerifiedPhone,
  findOrCreateAccountByPhone,
  NUMBER_TAKEN_MESSAGE,
  PROOF_LIFETIME_MS,
  phoneSignInNeedsName,
  REVERIFY_MESSAGE,
} from "./phone-accounts.service.ts";
import { type PhoneClient, startPhoneSignIn, verifyPhoneCode } from "./phone-sign-in.service.ts";

const config = testConfig();

function newClient(): PhoneClient {
  return { ip: uniqueAddress(), browser: uniqueWord("browser") };
}

/** A number verified by its code in a browser: the proof a sign-in or an account takes, once. */
async function verified(db: Db, phone = uniqueMobile(), client = newClient(), now = Date.now()) {
  const sms = capturingSms();
  const { challengeId } = await startPhoneSignIn(db, { phone }, client, now);
  await sendDueMessages(testDelivery(db, { sms }), now);
  await verifyPhoneCode(db, config, { challengeId, code: codeTo(sms, phone) }, client, now);
  return { phone, client, proof: { challengeId } };
}

describeEachDatabase("accounts by verified mobile number", (database) => {
  it("makes an account for a new number, asking its name first, and signs the next verification into it", async () => {
    const { db } = database();
    const first = await verified(db);
    expect(await phoneSignInNeedsName(db, first.proof, first.client)).toBe(true);
    const nameless = await failure(findOrCreateAccountByPhone(db, first.proof, {}, first.client));
    expect(nameless.code).toBe("validation-failed");
    expect(nameless.message).toContain("Please enter your name.");
    // Asking the name did not use the verification up.
    const made = await findOrCreateAccountByPhone(db, first.proof, { name: "Asha Verma" }, first.client);
    expect(made.created).toBe(true);
    expect(made.user).toMatchObject({ name: "Asha Verma", mobile: first.phone, role: "customer" });
    expect(isPhoneOnlyEmail(made.user.email)).toBe(true);
    // Used once.
    const reused = await failure(findOrCreateAccountByPhone(db, first.proof, { name: "Asha" }, first.client));
    expect(reused).toEqual({ code: "invalid-action-code", message: REVERIFY_MESSAGE });

    const next = await verified(db, first.phone);
    expect(await phoneSignInNeedsName(db, next.proof, next.client)).toBe(false);
    const signedIn = await findOrCreateAccountByPhone(db, next.proof, {}, next.client);
    expect(signedIn).toMatchObject({ created: false, user: { id: made.user.id } });
  });

  it("makes one account when two sign-ins of a new number finish at once, on two connections", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const phone = uniqueMobile();
      const [a, b] = [await verified(db, phone), await verified(db, phone)];
      const results = await Promise.all([
        findOrCreateAccountByPhone(db, a.proof, { name: "Asha" }, a.client),
        findOrCreateAccountByPhone(other.db, b.proof, { name: "Asha" }, b.client),
      ]);
      expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const accounts = await db.selectFrom("users").select("id").where("mobile", "=", phone).execute();
      expect(accounts).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("takes a verification only in its own browser, once verified, and for ten minutes", async () => {
    const { db } = database();
    const now = Date.now();
    const proof = await verified(db, uniqueMobile(), newClient(), now);
    const elsewhere = await failure(findOrCreateAccountByPhone(db, proof.proof, { name: "Thief" }, newClient(), now));
    expect(elsewhere.message).toBe(REVERIFY_MESSAGE);
    const late = await failure(
      findOrCreateAccountByPhone(db, proof.proof, { name: "Asha" }, proof.client, now + PROOF_LIFETIME_MS),
    );
    expect(late.message).toBe(REVERIFY_MESSAGE);
    // A sign-in whose code was never checked proves nothing.
    const client = newClient();
    const { challengeId } = await startPhoneSignIn(db, { phone: uniqueMobile() }, client, now);
    const unverified = await failure(findOrCreateAccountByPhone(db, { challengeId }, { name: "Asha" }, client, now));
    expect(unverified.message).toBe(REVERIFY_MESSAGE);
  });

  it("gives an account a number it verified, and refuses a number that is another account's", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const proof = await verified(db);
    expect(await attachVerifiedPhone(db, actorFor(customer), proof.proof, proof.client)).toBe(proof.phone);
    const row = await db
      .selectFrom("users")
      .select(["mobile", "mobileVerifiedAt"])
      .where("id", "=", customer.id)
      .executeTakeFirst();
    expect(row?.mobile).toBe(proof.phone);
    expect(row?.mobileVerifiedAt).toEqual(expect.any(Number));

    const someoneElse = await makeCustomer(db);
    const sameNumber = await verified(db, proof.phone);
    const taken = await failure(attachVerifiedPhone(db, actorFor(someoneElse), sameNumber.proof, sameNumber.client));
    expect(taken).toEqual({ code: "validation-failed", message: NUMBER_TAKEN_MESSAGE });
    // The number still signs in to its own account.
    const signedIn = await findOrCreateAccountByPhone(db, sameNumber.proof, {}, sameNumber.client);
    expect(signedIn.user.id).toBe(customer.id);
  });

  it("keeps an account made by phone out of the e-mail login, whatever password is tried", async () => {
    const { db } = database();
    const proof = await verified(db);
    const { user } = await findOrCreateAccountByPhone(db, proof.proof, { name: "Asha" }, proof.client);
    const login = await failure(
      logIn(db, { email: user.email, password: "Secret-pass-1" }, { ip: uniqueAddress(), userAgent: "test" }),
    );
    expect(login.code).toBe("invalid-credential");
  });
});
