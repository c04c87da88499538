import { expect, it } from "vitest";
import type { Actor } from "#core/actor.ts";
import { type IndianMobile, isPhoneOnlyEmail, nationalNumber } from "#core/phone.ts";
import {
  PROFILE_WHATSAPP_OFF,
  PROFILE_WHATSAPP_OFF_HINDI,
  PROFILE_WHATSAPP_ON,
  PROFILE_WHATSAPP_ON_HINDI,
} from "#core/whatsapp-consent.ts";
import { addToCart, cartCount } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { hasWhatsappConsent } from "../messaging/messaging.service.ts";
import { GUEST_ORDERS_WINDOW_MS } from "../orders/guest-orders-by-phone.ts";
import { listForCustomer } from "../orders/orders.service.ts";
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
import { capturingSms, codeTo, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { mailsTo } from "../testing/outbox.ts";
import { scratchStorage } from "../testing/scratch-storage.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { signUp } from "./accounts.service.ts";
import { deleteAccount } from "./identity.service.ts";
import { attachVerifiedPhone, setWhatsappUpdates, signInWithPhone } from "./phone-accounts.service.ts";
import { type PhoneClient, startPhoneSignIn, verifyPhoneCode } from "./phone-sign-in.service.ts";
import { getProfile, RECENT_SIGN_IN_MS, SIGN_IN_AGAIN_FOR_EMAIL, updateProfile } from "./profile.service.ts";
import { resolveSession } from "./sessions.service.ts";

/*
 * The phone wired into accounts: a sign-in by number opens a session as the e-mail login does; the
 * guest orders of a verified number join its account (only those, and only recent ones); an account
 * made by phone has no e-mail that anyone sees or mails, until it adds one.
 */

const config = testConfig();
const storage = scratchStorage("shop-phone-wiring-");

function newClient(): PhoneClient {
  return { ip: uniqueAddress(), browser: uniqueWord("browser") };
}

/** A number verified by its code in a browser, at `now`. */
async function verified(db: Db, phone: IndianMobile = uniqueMobile(), now = Date.now()) {
  const client = newClient();
  const sms = capturingSms();
  const { challengeId } = await startPhoneSignIn(db, { phone }, client, now);
  await sendDueMessages(testDelivery(db, { sms }), now);
  await verifyPhoneCode(db, config, { challengeId, code: codeTo(sms, phone) }, client, now);
  return { phone, client, proof: { challengeId } };
}

/** Signs in with a number (a new account is named Asha), as the last step of /login/mobile does. */
async function signIn(db: Db, phone: IndianMobile = uniqueMobile(), now = Date.now(), guestId: string | null = null) {
  const proof = await verified(db, phone, now);
  const meta = { ip: proof.client.ip, userAgent: "test", guestId };
  const signedIn = await signInWithPhone(db, proof.proof, { name: "Asha Verma" }, proof.client, meta, now);
  const actor: Actor = {
    kind: "user",
    userId: signedIn.user.id,
    email: signedIn.user.email,
    name: signedIn.user.name,
    role: "customer",
    guestId: null,
  };
  return { ...signedIn, actor, phone };
}

/** A one-piece order placed by `actor` with `phone` as its delivery number. */
async function orderWith(db: Db, actor: Actor, phone: IndianMobile, now = Date.now()) {
  const product = await makeProduct(db, { price: 99_900, sizes: { M: 5 } });
  await addToCart(db, actor, { productId: product, size: "M", quantity: 1 });
  return placeOrder(db, actor, checkoutDetails({ phone: nationalNumber(phone) }), atShop(now));
}

async function myOrderNumbers(db: Db, actor: Actor): Promise<string[]> {
  return (await listForCustomer(db, actor)).orders.map((order) => order.orderNumber).sort();
}

describeEachDatabase("the phone wired into accounts", (database) => {
  it("signs in with a number as the e-mail login does: a new session, the old one closed, the guest's cart kept", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const first = await signIn(db, phone);
    expect(first.created).toBe(true);
    const visitor = makeVisitor();
    const product = await makeProduct(db, { sizes: { M: 3 } });
    await addToCart(db, visitor, { productId: product, size: "M", quantity: 1 });
    const proof = await verified(db, phone);
    const meta = {
      ip: proof.client.ip,
      userAgent: "test",
      guestId: visitor.guestId,
      replacesSessionToken: first.token,
    };
    const again = await signInWithPhone(db, proof.proof, {}, proof.client, meta);
    expect(again).toMatchObject({ created: false, user: { id: first.user.id } });
    expect(again.token).not.toBe(first.token);
    expect(await resolveSession(db, first.token, null)).toBeNull();
    expect((await resolveSession(db, again.token, null))?.status).toBe("live");
    expect(await cartCount(db, first.actor)).toBe(1);
  });

  it("gives the account the number's guest orders of the last 90 days, and no other order", async () => {
    const { db } = database();
    const now = Date.now();
    const phone = uniqueMobile();
    const mine = await orderWith(db, makeVisitor(), phone, now - 86_400_000);
    const old = await orderWith(db, makeVisitor(), phone, now - GUEST_ORDERS_WINDOW_MS - 86_400_000);
    const otherNumber = await orderWith(db, makeVisitor(), uniqueMobile(), now);
    // A customer who shipped to this number keeps their order.
    const customer = await makeCustomer(db);
    const theirs = await orderWith(db, actorFor(customer), phone, now);
    // An order left without an account when its account was deleted is no guest's.
    const gone = await makeCustomer(db);
    const orphan = await orderWith(db, actorFor(gone), phone, now);
    await deleteAccount(db, storage, actorFor(gone), { password: gone.password, confirm: true });

    const signedIn = await signIn(db, phone, now);
    expect(await myOrderNumbers(db, signedIn.actor)).toEqual([mine.orderNumber]);
    const untouched = await db
      .selectFrom("orders")
      .select(["id", "userId"])
      .where("id", "in", [old.id, otherNumber.id, theirs.id, orphan.id])
      .orderBy("id")
      .execute();
    expect(untouched.map((row) => row.userId)).toEqual([null, null, customer.id, null]);
    // Its points are as placed: a guest's order earns none, and the account is credited none.
    const user = await db
      .selectFrom("users")
      .select("pointsBalance")
      .where("id", "=", signedIn.user.id)
      .executeTakeFirst();
    expect(user?.pointsBalance).toBe(0);
    const claimed = await db.selectFrom("orders").select("pointsEarned").where("id", "=", mine.id).executeTakeFirst();
    expect(claimed?.pointsEarned).toBe(0);
  });

  it("gives an account that adds its number on the profile that number's guest orders too", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const guestOrder = await orderWith(db, makeVisitor(), phone);
    const customer = await makeCustomer(db);
    expect(await myOrderNumbers(db, actorFor(customer))).toEqual([]);
    const proof = await verified(db, phone);
    await attachVerifiedPhone(db, actorFor(customer), proof.proof, proof.client);
    expect(await myOrderNumbers(db, actorFor(customer))).toEqual([guestOrder.orderNumber]);
  });

  it("mails nothing to, and shows nothing of, an account made by phone's placeholder e-mail", async () => {
    const { db } = database();
    const signedIn = await signIn(db);
    expect(isPhoneOnlyEmail(signedIn.user.email)).toBe(true);
    const placed = await orderWith(db, signedIn.actor, signedIn.phone);
    expect(await mailsTo(db, signedIn.user.email)).toEqual([]);
    const outbox = await db.selectFrom("outbox").select("recipient").where("recipient", "like", "%.invalid").execute();
    expect(outbox).toEqual([]);
    expect(placed.orderNumber).toMatch(/^KS-/);
    const profile = await getProfile(db, storage, signedIn.actor);
    expect(profile).toMatchObject({ email: "", hasEmail: false, mobile: signedIn.phone, emailVerified: false });
  });

  it("refuses the placeholder as anyone's e-mail, so no one can take the address of an account made by phone", async () => {
    const { db } = database();
    // Before the owner of a number ever signs in, someone signs up with what its placeholder was.
    const phone = uniqueMobile();
    const squatting = { name: "Squatter", password: "Secret-pass-1" };
    for (const email of [`${nationalNumber(phone)}@phone.kesar.invalid`, "someone@PHONE.kesar.invalid"]) {
      const squat = await failure(signUp(db, config, { ...squatting, email }, { ip: uniqueAddress(), userAgent: "t" }));
      expect(squat).toMatchObject({ code: "validation-failed" });
    }
    const signedIn = await signIn(db, phone);
    expect(signedIn.created).toBe(true);
    // Nor is it taken as a guest's e-mail, nor as an account's new one.
    const guest = makeVisitor();
    const product = await makeProduct(db, { sizes: { M: 2 } });
    await addToCart(db, guest, { productId: product, size: "M", quantity: 1 });
    const asGuest = checkoutDetails({ email: signedIn.user.email });
    expect(await failure(placeOrder(db, guest, asGuest, atShop()))).toMatchObject({ code: "validation-failed" });
    const customer = await makeCustomer(db);
    const change = { name: "Test", email: signedIn.user.email, currentPassword: customer.password };
    expect(await failure(updateProfile(db, storage, actorFor(customer), change))).toMatchObject({
      code: "validation-failed",
    });
  });

  it("lets an account made by phone add an e-mail only within 15 minutes of signing in with its number", async () => {
    const { db } = database();
    const now = Date.now();
    const stale = await signIn(db, uniqueMobile(), now - RECENT_SIGN_IN_MS - 60_000);
    const email = `${uniqueWord("added")}@mail.in`;
    const input = { name: "Asha Verma", email };
    const refused = await failure(updateProfile(db, storage, stale.actor, input, null, { token: stale.token }));
    expect(refused).toMatchObject({ code: "requires-recent-login", message: SIGN_IN_AGAIN_FOR_EMAIL });
    expect(await failure(updateProfile(db, storage, stale.actor, input, null, { token: null }))).toMatchObject({
      code: "requires-recent-login",
    });
    expect(await mailsTo(db, email)).toEqual([]);
    // Saving the rest without an e-mail is fine: it has none yet.
    await updateProfile(db, storage, stale.actor, { name: "Asha V" }, null, { token: stale.token });

    const fresh = await signIn(db, stale.phone, now);
    await updateProfile(db, storage, fresh.actor, input, null, { token: fresh.token });
    expect((await mailsTo(db, email)).map((mail) => mail.kind)).toEqual(["verify-email"]);
    expect(await getProfile(db, storage, fresh.actor)).toMatchObject({ pendingEmail: email, hasEmail: false });
    // An account with an e-mail may not empty it.
    const customer = await makeCustomer(db);
    const emptied = await failure(updateProfile(db, storage, actorFor(customer), { name: "Test Customer" }));
    expect(emptied).toMatchObject({ code: "validation-failed", message: "Please enter your e-mail address." });
  });

  it("turns WhatsApp updates on and off for the account's verified number, recording each with its words", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    expect(await failure(setWhatsappUpdates(db, actorFor(customer), { on: true }))).toMatchObject({
      code: "validation-failed",
    });
    const signedIn = await signIn(db);
    await setWhatsappUpdates(db, signedIn.actor, { on: true });
    expect(await hasWhatsappConsent(db, signedIn.phone)).toBe(true);
    expect((await getProfile(db, storage, signedIn.actor)).whatsappUpdates).toBe(true);
    await setWhatsappUpdates(db, signedIn.actor, { on: false });
    expect(await hasWhatsappConsent(db, signedIn.phone)).toBe(false);
    const kept = await db
      .selectFrom("whatsappConsents")
      .select(["choice", "wording", "source"])
      .where("phone", "=", signedIn.phone)
      .orderBy("id")
      .execute();
    expect(kept).toEqual([
      { choice: "in", wording: PROFILE_WHATSAPP_ON, source: "profile" },
      { choice: "out", wording: PROFILE_WHATSAPP_OFF, source: "profile" },
    ]);
  });

  it("keeps a choice made on a Hindi page with the Hindi words it was shown", async () => {
    const { db } = database();
    const signedIn = await signIn(db);
    await setWhatsappUpdates(db, signedIn.actor, { on: true, language: "hi-IN" });
    await setWhatsappUpdates(db, signedIn.actor, { on: false, language: "hi-IN" });
    const kept = await db
      .selectFrom("whatsappConsents")
      .select(["choice", "wording"])
      .where("phone", "=", signedIn.phone)
      .orderBy("id")
      .execute();
    expect(kept).toEqual([
      { choice: "in", wording: PROFILE_WHATSAPP_ON_HINDI },
      { choice: "out", wording: PROFILE_WHATSAPP_OFF_HINDI },
    ]);
  });
});
