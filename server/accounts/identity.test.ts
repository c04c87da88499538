import { expect, it } from "vitest";
import { addToCart, viewCart } from "../cart/cart.service.ts";
import { customerOrder } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { pointsSummary } from "../rewards/rewards.service.ts";
import { LocalStorage } from "../storage/local-storage.ts";
import { failure } from "../testing/app-error.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  uniqueAddress,
  uniqueWord,
} from "../testing/factories.ts";
import { enterCode, makeOffer } from "../testing/offer-fixtures.ts";
import { linkCodeIn, mailsTo, type SentMail, sendDueMail } from "../testing/outbox.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { addToWishlist, viewWishlist } from "../wishlist/wishlist.service.ts";
import { logIn, signUp } from "./accounts.service.ts";
import {
  confirmEmail,
  deleteAccount,
  passwordResetState,
  RESET_MINUTES,
  requestPasswordReset,
  resendEmailVerification,
  resetPassword,
  signOutEverywhere,
} from "./identity.service.ts";
import { getProfile, updateProfile } from "./profile.service.ts";
import { hashToken, openSession, resolveSession } from "./sessions.service.ts";

const meta = { ip: "10.0.0.9", userAgent: "test" };
const storage = new LocalStorage("/tmp/unused-uploads");

describeEachDatabase("password reset links", (database) => {
  it("mails a single-use link kept only as a hash; using it sets the password and ends every session", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const otherDevice = await openSession(db, customer.id, "second device");
    await requestPasswordReset(db, { email: customer.email.toUpperCase() }, meta);
    const mail = (await sendDueMail(db)).find((m) => m.subject === "Reset your Kesar password");
    expect(mail?.to).toBe(customer.email);
    const code = linkCodeIn(mail, "/reset-password/");
    expect(code.length).toBeGreaterThanOrEqual(32);

    // The table holds the hash of the code, never the code itself.
    const stored = await db.selectFrom("actionCodes").selectAll().where("userId", "=", customer.id).execute();
    expect(stored.map((row) => row.codeHash)).toContain(hashToken(code));
    expect(JSON.stringify(stored)).not.toContain(code);

    expect(await passwordResetState(db, code)).toBe("valid");
    await resetPassword(db, testConfig(), { code, password: "Brand-new-pass-2" });
    expect(await resolveSession(db, customer.token, null)).toBeNull();
    expect(await resolveSession(db, otherDevice, null)).toBeNull();
    const signedIn = await logIn(db, { email: customer.email, password: "Brand-new-pass-2" }, meta);
    expect(signedIn.user.id).toBe(customer.id);
    expect((await failure(logIn(db, { email: customer.email, password: customer.password }, meta))).code).toBe(
      "invalid-credential",
    );

    // Used once, it is no longer valid.
    expect(await passwordResetState(db, code)).toBe("invalid");
    expect(await failure(resetPassword(db, testConfig(), { code, password: "Another-pass-3" }))).toEqual({
      code: "invalid-action-code",
      message: "This link is not valid.",
    });
  });

  it("expires after 30 minutes with its own message, and only the latest link works", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const asked = Date.now();
    // A link's half hour runs from when its mail is sent.
    await requestPasswordReset(db, { email: customer.email }, meta, asked);
    const resetIn = (sent: SentMail[]) => sent.find((mail) => mail.subject === "Reset your Kesar password");
    const first = linkCodeIn(resetIn(await sendDueMail(db, asked)), "/reset-password/");
    await requestPasswordReset(db, { email: customer.email }, meta, asked + 1_000);
    const second = linkCodeIn(resetIn(await sendDueMail(db, asked + 1_000)), "/reset-password/");
    expect(second).not.toBe(first);
    expect(await passwordResetState(db, first, asked + 2_000)).toBe("invalid");

    const late = asked + 1_000 + RESET_MINUTES * 60_000 + 1;
    expect(await passwordResetState(db, second, late)).toBe("expired");
    expect(await failure(resetPassword(db, testConfig(), { code: second, password: "Late-pass-4" }, late))).toEqual({
      code: "expired-action-code",
      message: "This link has expired. Please ask for a new one.",
    });
    expect(
      await failure(resetPassword(db, testConfig(), { code: `${second.slice(0, -2)}xx`, password: "Guess-pass-5" })),
    ).toMatchObject({ code: "invalid-action-code" });
  });

  it("does the same work for an address with an account and one without: the same rows written, the same mail queued", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const nobody = `${uniqueWord()}@nobody.in`;
    const written = async (email: string) => {
      const count = async () =>
        Promise.all(
          (["limitHits", "outbox", "actionCodes"] as const).map(async (table) =>
            Number(
              (
                await db
                  .selectFrom(table)
                  .select(({ fn }) => fn.countAll().as("n"))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ),
        );
      const before = await count();
      await requestPasswordReset(db, { email }, { ip: uniqueAddress() });
      const after = await count();
      const [queued] = (await mailsTo(db, email)).filter((mail) => mail.kind === "password-reset");
      return {
        rows: after.map((n, i) => n - (before[i] ?? 0)),
        queued: { subject: queued?.subject, payload: queued?.payload },
      };
    };
    const known = await written(customer.email);
    const unknown = await written(nobody);
    // Limit hits for the flood guard, the address's resets and its mails; one mail; no code yet.
    expect(known.rows).toEqual([3, 1, 0]);
    expect(unknown).toEqual(known);
  });

  it("answers alike for an unknown address, and mails one address at most three links an hour", async () => {
    const { db } = database();
    const nobody = `${uniqueWord()}@nobody.in`;
    await expect(requestPasswordReset(db, { email: nobody }, meta)).resolves.toBeUndefined();
    // Queued as for an account (the same work); the sender finds no account, sends nothing and forgets it.
    expect((await mailsTo(db, nobody)).map((mail) => mail.kind)).toEqual(["password-reset"]);
    expect((await sendDueMail(db)).filter((mail) => mail.to === nobody)).toEqual([]);
    expect(await mailsTo(db, nobody)).toEqual([]);

    const customer = await makeCustomer(db);
    const now = Date.now();
    for (let i = 0; i < 5; i++) await requestPasswordReset(db, { email: customer.email }, meta, now + i);
    const resets = (await mailsTo(db, customer.email)).filter((m) => m.kind === "password-reset");
    expect(resets).toHaveLength(3);
  });
});

describeEachDatabase("e-mail verification and change", (database) => {
  it("signup mails a link; until it is used the profile says so, and Send again waits a minute", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    expect((await getProfile(db, storage, actor)).emailVerified).toBe(false);
    const [verify] = await mailsTo(db, customer.email);
    expect(verify?.kind).toBe("verify-email");
    const firstLink = (await sendDueMail(db)).find((m) => m.to === customer.email);

    expect((await failure(resendEmailVerification(db, actor))).code).toBe("too-many-requests");
    await resendEmailVerification(db, actor, Date.now() + 61_000);
    const latest = (await mailsTo(db, customer.email)).at(-1);
    expect(latest?.id).not.toBe(verify?.id);

    // The newer link replaced the first one.
    const newerLink = (await sendDueMail(db, Date.now() + 61_000)).find((m) => m.to === customer.email);
    expect((await failure(confirmEmail(db, linkCodeIn(firstLink, "/verify-email/")))).code).toBe("invalid-action-code");
    expect(await confirmEmail(db, linkCodeIn(newerLink, "/verify-email/"))).toBe(customer.email);
    expect((await getProfile(db, storage, actor)).emailVerified).toBe(true);
  });

  it("a new address takes over only when confirmed from the mail sent to it; the old address is told", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const newEmail = `${uniqueWord()}@mail.in`;
    const profile = { name: "Meera", email: newEmail, phone: "", address: "", currentPassword: customer.password };
    const pending = await updateProfile(db, storage, actor, profile);
    expect(pending).toMatchObject({ email: customer.email, pendingEmail: newEmail, name: "Meera" });
    expect((await mailsTo(db, customer.email)).at(-1)).toMatchObject({ kind: "email-change-notice" });
    const [confirmation] = await mailsTo(db, newEmail);
    expect(confirmation?.payload).toMatchObject({ isNewAddress: true });

    const mailed = (await sendDueMail(db)).find((m) => m.to === newEmail);
    expect(mailed?.text).toContain("your new e-mail address");
    expect(await confirmEmail(db, linkCodeIn(mailed, "/verify-email/"))).toBe(newEmail);
    expect(await getProfile(db, storage, actor)).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      emailVerified: true,
    });
    const signedIn = await logIn(db, { email: newEmail, password: customer.password }, meta);
    expect(signedIn.user.id).toBe(customer.id);
  });

  it("refuses the confirmation when another account took the address meanwhile", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const wanted = `${uniqueWord()}@mail.in`;
    const profile = { name: "Meera", email: wanted, phone: "", address: "", currentPassword: customer.password };
    await updateProfile(db, storage, actorFor(customer), profile);
    await signUp(db, testConfig(), { name: "Quick", email: wanted, password: "Secret-pass-1" }, meta);
    const confirmation = (await sendDueMail(db)).find(
      (m) => m.to === wanted && m.text.includes("your new e-mail address"),
    );
    expect((await failure(confirmEmail(db, linkCodeIn(confirmation, "/verify-email/")))).code).toBe(
      "email-already-in-use",
    );
  });
});

describeEachDatabase("signing out everywhere and deleting an account", (database) => {
  it("ends every session of the account, the current one included, and no one else's", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const other = await makeCustomer(db);
    const laptop = await openSession(db, customer.id, "second device");
    await signOutEverywhere(db, actorFor(customer));
    expect(await resolveSession(db, customer.token, null)).toBeNull();
    expect(await resolveSession(db, laptop, null)).toBeNull();
    expect(await resolveSession(db, other.token, null)).toMatchObject({ status: "live" });
  });

  it("removes the person's data, keeps their orders detached, and frees the e-mail", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    await updateProfile(db, storage, actor, {
      name: "Kavya Iyer",
      email: customer.email,
      phone: "9820012345",
      address: "4 Marine Drive, Mumbai",
    });
    const kurta = await makeProduct(db, { price: 249_900, sizes: { M: 5 } });
    await addToCart(db, actor, { productId: kurta, size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails({ email: customer.email }), atShop());
    await addToCart(db, actor, { productId: kurta, size: "M" });
    await addToWishlist(db, actor, { productId: kurta, size: "M" });
    await makeOffer(db, { name: "KEEP10" });
    await enterCode(db, actor, "KEEP10");

    expect(
      await failure(deleteAccount(db, storage, actor, { password: "not-the-password", confirm: true })),
    ).toMatchObject({ code: "requires-recent-login" });
    expect(await failure(deleteAccount(db, storage, actor, { password: customer.password, confirm: false }))).toEqual({
      code: "validation-failed",
      message: "Please tick the box to confirm that the account is to be deleted.",
    });
    expect(await resolveSession(db, customer.token, null)).toMatchObject({ status: "live" });

    await deleteAccount(db, storage, actor, { password: customer.password, confirm: true });
    expect(await db.selectFrom("users").select("id").where("id", "=", customer.id).execute()).toEqual([]);
    expect(await resolveSession(db, customer.token, null)).toBeNull();
    expect((await viewCart(db, actor)).lines).toEqual([]);
    // The code the cart kept goes with it.
    expect((await viewCart(db, actor)).offers.code).toBeNull();
    expect(await viewWishlist(db, actor)).toEqual([]);
    expect((await pointsSummary(db, actor)).ledger).toEqual([]);
    for (const table of ["sessions", "pointsLedger", "actionCodes"] as const) {
      const left = await db.selectFrom(table).select("userId").where("userId", "=", customer.id).execute();
      expect(left, table).toEqual([]);
    }

    // The order stays, with what it was placed with, and belongs to no one.
    const order = await db
      .selectFrom("orders")
      .select(["userId", "total", "name", "orderNumber"])
      .where("orderNumber", "=", placed.orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ userId: null, name: "Asha Verma" });
    expect((await failure(customerOrder(db, actor, placed.orderNumber))).code).toBe("not-found");

    expect((await failure(logIn(db, { email: customer.email, password: customer.password }, meta))).code).toBe(
      "invalid-credential",
    );
    const again = await signUp(
      db,
      testConfig(),
      { name: "Kavya", email: customer.email, password: "Fresh-pass-1" },
      meta,
    );
    expect(again.user.id).not.toBe(customer.id);
  });
});
