import { describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { LocalStorage } from "../storage/local-storage.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, uniqueWord } from "../testing/factories.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { ensureOwner, FAILURE_WINDOW_MS, logIn, promoteToOwner, setUserDisabled, signUp } from "./accounts.service.ts";
import { checkPassword } from "./passwords.ts";
import { changePassword, getProfile, updateProfile } from "./profile.service.ts";
import { closeSession, resolveSession, SESSION_IDLE_MS } from "./sessions.service.ts";

const meta = { ip: "10.0.0.1", userAgent: "test" };
const storage = new LocalStorage("/tmp/unused-uploads");

describe("password policy", () => {
  it("enforces the length limits and the requirements switched on by config", () => {
    const relaxed = testConfig().passwordPolicy;
    expect(checkPassword(relaxed, "12345")).toMatch(/at least 6/);
    expect(checkPassword(relaxed, "123456")).toBeNull();
    expect(checkPassword(relaxed, "x".repeat(129))).toMatch(/at most 128/);
    const strict = testConfig({
      PASSWORD_REQUIRE_LOWERCASE: "true",
      PASSWORD_REQUIRE_UPPERCASE: "true",
      PASSWORD_REQUIRE_NUMERIC: "true",
      PASSWORD_REQUIRE_SYMBOL: "true",
    }).passwordPolicy;
    expect(checkPassword(strict, "ABCDEF1!")).toMatch(/lowercase/);
    expect(checkPassword(strict, "abcdef1!")).toMatch(/uppercase/);
    expect(checkPassword(strict, "Abcdefg!")).toMatch(/number/);
    expect(checkPassword(strict, "Abcdefg1")).toMatch(/symbol/);
    expect(checkPassword(strict, "Abcdef1!")).toBeNull();
  });
});

describeEachDatabase("signup and login", (database) => {
  it("requires every field, a valid e-mail and a password that meets the policy", async () => {
    const { db } = database();
    const config = testConfig({ PASSWORD_REQUIRE_NUMERIC: "true" });
    for (const input of [
      { name: "", email: "a@b.in", password: "secret1" },
      { name: "Asha", email: "", password: "secret1" },
      { name: "Asha", email: "a@b.in", password: "" },
    ]) {
      const refused = await failure(signUp(db, config, input, meta));
      expect(refused.code).toBe("validation-failed");
      // The spec's message once, then what the first missing field needs.
      expect(refused.message).toMatch(/^All fields are required\. Please (enter your|choose a) /);
    }
    expect(
      (await failure(signUp(db, config, { name: "Asha", email: "not-an-email", password: "secret1" }, meta))).message,
    ).toBe("Please enter a valid e-mail address.");
    expect(
      await failure(signUp(db, config, { name: "Asha", email: `${uniqueWord()}@b.in`, password: "secret" }, meta)),
    ).toEqual({
      code: "weak-password",
      message: "The password needs a number.",
    });
  });

  it("refuses a second account for the same e-mail in another letter case", async () => {
    const { db } = database();
    const email = `${uniqueWord("Priya")}@Example.in`;
    await signUp(db, testConfig(), { name: "Priya", email, password: "secret1" }, meta);
    const second = await failure(
      signUp(db, testConfig(), { name: "Pia", email: email.toUpperCase(), password: "secret1" }, meta),
    );
    expect(second.code).toBe("email-already-in-use");
  });

  it("signs in with the right password in any letter case of the e-mail, and fails alike otherwise", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const signedIn = await logIn(db, { email: customer.email.toUpperCase(), password: customer.password }, meta);
    expect(signedIn.user.id).toBe(customer.id);
    const wrong = await failure(logIn(db, { email: customer.email, password: "wrong-password" }, meta));
    const unknown = await failure(logIn(db, { email: `${uniqueWord()}@nobody.in`, password: "whatever" }, meta));
    expect(wrong).toEqual({ code: "invalid-credential", message: "Invalid e-mail or password." });
    expect(unknown).toEqual(wrong);
  });

  it("refuses a sixth try within 15 minutes after five failures, even with the right password", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const start = Date.now();
    for (let attempt = 0; attempt < 5; attempt++) {
      await failure(
        logIn(db, { email: customer.email, password: "wrong" }, { ...meta, ip: `10.1.0.${attempt}` }, start + attempt),
      );
    }
    const locked = await failure(
      logIn(db, { email: customer.email, password: customer.password }, meta, start + 60_000),
    );
    expect(locked.code).toBe("too-many-requests");
    expect(locked.message).toMatch(/try again in 1\d minutes/);
    // Once the window has passed since the first failure, the right password works again.
    const later = start + FAILURE_WINDOW_MS + 10;
    const signedIn = await logIn(db, { email: customer.email, password: customer.password }, meta, later);
    expect(signedIn.user.id).toBe(customer.id);
  });

  it("limits failures from one address across many e-mails", async () => {
    const { db } = database();
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
    const now = Date.now();
    for (let attempt = 0; attempt < 20; attempt++) {
      await failure(logIn(db, { email: `${uniqueWord()}@x.in`, password: "nope" }, { ...meta, ip }, now + attempt));
    }
    const customer = await makeCustomer(db);
    const blocked = await failure(
      logIn(db, { email: customer.email, password: customer.password }, { ...meta, ip }, now + 100),
    );
    expect(blocked.code).toBe("too-many-requests");
  });

  it("does not let a disabled user sign in, and ends their sessions at once", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    expect(await resolveSession(db, customer.token, null)).not.toBeNull();
    await setUserDisabled(db, SYSTEM, customer.id, true);
    expect(await resolveSession(db, customer.token, null)).toEqual({ status: "disabled" });
    expect(await resolveSession(db, customer.token, null)).toBeNull();
    expect((await failure(logIn(db, { email: customer.email, password: customer.password }, meta))).code).toBe(
      "user-disabled",
    );
    await setUserDisabled(db, SYSTEM, customer.id, false);
    expect((await logIn(db, { email: customer.email, password: customer.password }, meta)).user.id).toBe(customer.id);
  });

  it("lets only an administrator disable users, and never themself", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const other = await makeCustomer(db);
    expect((await failure(setUserDisabled(db, actorFor(customer), other.id, true))).code).toBe("forbidden");
    expect((await failure(setUserDisabled(db, actorFor(customer, "admin"), customer.id, true))).code).toBe("forbidden");
  });
});

describeEachDatabase("sessions", (database) => {
  it("gives each login a new session id and ends one at logout", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const again = await logIn(db, { email: customer.email, password: customer.password }, meta);
    expect(again.token).not.toBe(customer.token);
    await closeSession(db, again.token);
    expect(await resolveSession(db, again.token, null)).toBeNull();
    expect(await resolveSession(db, customer.token, null)).not.toBeNull();
  });

  it("expires an idle session and extends one in use (at most once a day)", async () => {
    const { db } = database();
    const start = Date.now();
    const idle = await makeCustomer(db);
    expect(await resolveSession(db, idle.token, null, start + SESSION_IDLE_MS + 1_000)).toBeNull();

    const active = await makeCustomer(db);
    const sameDay = await resolveSession(db, active.token, null, start + 60_000);
    expect(sameDay).toMatchObject({ status: "live", renewed: false });
    const nextWeek = await resolveSession(db, active.token, null, start + 7 * 86_400_000);
    expect(nextWeek).toMatchObject({ status: "live", renewed: true });
    // Renewed a week in, the session lives 30 days from then: past its first expiry, not past the new one.
    expect(await resolveSession(db, active.token, null, start + SESSION_IDLE_MS + 1_000)).not.toBeNull();
  });

  it("ends the other sessions, but not this one, when the password changes", async () => {
    const { db } = database();
    const config = testConfig();
    const customer = await makeCustomer(db);
    const phone = await logIn(db, { email: customer.email, password: customer.password }, meta);
    const wrong = await failure(
      changePassword(
        db,
        config,
        actorFor(customer),
        { currentPassword: "nope", newPassword: "Newer-pass-2" },
        customer.token,
      ),
    );
    expect(wrong.code).toBe("requires-recent-login");
    await changePassword(
      db,
      config,
      actorFor(customer),
      { currentPassword: customer.password, newPassword: "Newer-pass-2" },
      customer.token,
    );
    expect(await resolveSession(db, customer.token, null)).not.toBeNull();
    expect(await resolveSession(db, phone.token, null)).toBeNull();
    expect((await logIn(db, { email: customer.email, password: "Newer-pass-2" }, meta)).user.id).toBe(customer.id);
  });
});

describeEachDatabase("profiles and administrators", (database) => {
  it("saves a customer's own profile, asking for the password to change the e-mail", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const saved = await updateProfile(db, storage, actor, {
      name: "Meera Shah",
      email: customer.email,
      phone: "+91 98200 12345",
      address: "12 Carter Road, Bandra West, Mumbai",
    });
    expect(saved).toMatchObject({ name: "Meera Shah", phone: "9820012345" });
    const newEmail = `${uniqueWord()}@mail.in`;
    const refused = await failure(
      updateProfile(db, storage, actor, { name: "Meera", email: newEmail, phone: "", address: "" }),
    );
    expect(refused.code).toBe("requires-recent-login");
    await updateProfile(db, storage, actor, {
      name: "Meera",
      email: newEmail,
      phone: "",
      address: "",
      currentPassword: customer.password,
    });
    // The new address applies once confirmed (see identity.test.ts); the rest is saved at once.
    expect(await getProfile(db, storage, actor)).toMatchObject({
      email: customer.email,
      pendingEmail: newEmail,
      phone: null,
    });
  });

  it("refuses an e-mail that another account already uses, in any letter case", async () => {
    const { db } = database();
    const first = await makeCustomer(db);
    const second = await makeCustomer(db);
    const taken = await failure(
      updateProfile(db, storage, actorFor(second), {
        name: "Second",
        email: first.email.toUpperCase(),
        phone: "",
        address: "",
        currentPassword: second.password,
      }),
    );
    expect(taken.code).toBe("email-already-in-use");
  });

  it("refuses a malformed phone number with a clear message", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const bad = await failure(
      updateProfile(db, storage, actorFor(customer), {
        name: "Asha",
        email: customer.email,
        phone: "12345",
        address: "",
      }),
    );
    expect(bad.message).toBe(
      "Please enter a 10-digit mobile number starting with 6, 7, 8 or 9 (+91 or 0 in front is fine).",
    );
  });

  it("creates the ADMIN_EMAIL account at start as an Owner, or makes the account already there one", async () => {
    const { db } = database();
    const email = `${uniqueWord("boss")}@shop.test`;
    const created = await ensureOwner(db, testConfig({ ADMIN_EMAIL: email }));
    expect(created.createdWithPassword).toMatch(/.{12,}/);
    const signedIn = await logIn(db, { email, password: created.createdWithPassword ?? "" }, meta);
    expect(signedIn.user.role).toBe("owner");
    expect((await ensureOwner(db, testConfig({ ADMIN_EMAIL: email }))).createdWithPassword).toBeNull();

    const customer = await makeCustomer(db);
    await ensureOwner(db, testConfig({ ADMIN_EMAIL: customer.email.toUpperCase() }));
    expect((await logIn(db, { email: customer.email, password: customer.password }, meta)).user.role).toBe("owner");
    const other = await makeCustomer(db);
    expect((await promoteToOwner(db, other.email)).role).toBe("owner");
  });
});
