import { sql } from "kysely";
import { expect, it } from "vitest";
import { resolveSession } from "../accounts/sessions.service.ts";
import { migrateToLatest, migrateUpTo } from "../db/migrate.ts";
import type { Db } from "../db/schema.ts";
import { failure } from "../testing/app-error.ts";
import { staffActor } from "../testing/back-office.ts";
import { makeCustomer, uniqueWord } from "../testing/factories.ts";
import { mailsTo, sendDueMail } from "../testing/outbox.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase, describeEachEmptyDatabase } from "../testing/test-databases.ts";
import { INVITATION_TTL_MS } from "./staff.schemas.ts";
import { changeStaffRole, inviteStaff, removeStaff, staffPage, withdrawInvitation } from "./staff.service.ts";
import { acceptInvitation, invitationState } from "./staff-invitations.service.ts";

const policy = testConfig().passwordPolicy;
const meta = { ip: "10.0.0.1", userAgent: "test" };
const PASSWORD = "Packing-day-2026";

/** The invitation's link as the mail carries it, made when it was sent. */
async function linkSentTo(db: Db, email: string, now?: number): Promise<string> {
  const sent = (await sendDueMail(db, now)).filter((mail) => mail.to === email && mail.text.includes("/staff/join/"));
  const link = /\/staff\/join\/([A-Za-z0-9_-]+)/.exec(sent.at(-1)?.text ?? "");
  if (!link?.[1]) throw new Error(`No invitation link in the mail to ${email}`);
  return link[1];
}

describeEachDatabase("the staff", (database) => {
  it("invites a colleague with a role: the outbox holds no link, the mail's link works once and signs in", async () => {
    const { db } = database();
    const owner = staffActor("owner");
    const email = `${uniqueWord("packer")}@kesar.test`;
    await inviteStaff(db, owner, { email, role: "packer" });
    const [queued] = await mailsTo(db, email);
    expect(queued?.payload).toEqual({ link: "at-send", invitationId: expect.any(Number) });
    const code = await linkSentTo(db, email);
    expect(await invitationState(db, code)).toMatchObject({ status: "open", email, role: "packer", hasAccount: false });

    const joined = await acceptInvitation(db, policy, code, { name: "Ravi Packer", password: PASSWORD }, meta);
    expect(joined.user).toMatchObject({ email, role: "packer", name: "Ravi Packer" });
    expect((await resolveSession(db, joined.token, null))?.status).toBe("live");
    expect(
      await failure(acceptInvitation(db, policy, code, { name: "Again", password: PASSWORD }, meta)),
    ).toMatchObject({
      code: "invalid-action-code",
    });
    expect(await invitationState(db, code)).toEqual({ status: "used" });
    const page = await staffPage(db, owner);
    expect(page.members.find((member) => member.email === email)?.role).toBe("packer");
    const kinds = await db
      .selectFrom("auditLog")
      .select("kind")
      .where("subjectLabel", "=", email)
      .orderBy("id")
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(["staff.invited", "staff.joined"]);
  });

  it("refuses a link that ran out, one withdrawn, a weak password, and an invitation by anyone but the Owner", async () => {
    const { db } = database();
    const owner = staffActor("owner");
    const late = `${uniqueWord("late")}@kesar.test`;
    await inviteStaff(db, owner, { email: late, role: "support" });
    const sentAt = Date.now();
    const code = await linkSentTo(db, late, sentAt);
    const after = sentAt + INVITATION_TTL_MS + 1;
    expect(await invitationState(db, code, after)).toEqual({ status: "expired" });
    expect(
      await failure(acceptInvitation(db, policy, code, { name: "Late", password: PASSWORD }, meta, after)),
    ).toMatchObject({ code: "invalid-action-code" });
    expect(await failure(acceptInvitation(db, policy, code, { name: "Weak", password: "x" }, meta))).toMatchObject({
      code: "weak-password",
    });

    const withdrawn = `${uniqueWord("gone")}@kesar.test`;
    const id = await inviteStaff(db, owner, { email: withdrawn, role: "catalogue" });
    await withdrawInvitation(db, owner, { invitationId: String(id) });
    expect((await sendDueMail(db)).filter((mail) => mail.to === withdrawn)).toEqual([]);

    for (const role of ["manager", "catalogue", "support", "packer"] as const) {
      expect(await failure(inviteStaff(db, staffActor(role), { email: "x@kesar.test", role: "owner" }))).toMatchObject({
        code: "forbidden",
        message: expect.stringContaining("does not allow this"),
      });
    }
  });

  it("gives a customer's address the role and the password chosen, keeping the account", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    await inviteStaff(db, staffActor("owner"), { email: customer.email, role: "support" });
    const code = await linkSentTo(db, customer.email);
    expect(await invitationState(db, code)).toMatchObject({ hasAccount: true });
    const joined = await acceptInvitation(db, policy, code, { name: "Ignored", password: PASSWORD }, meta);
    expect(joined.user).toMatchObject({ id: customer.id, role: "support" });
    // The old session ended with the old password.
    expect(await resolveSession(db, customer.token, null)).toBeNull();
  });

  it("changes a role and removes access at once: every session ends, and nobody removes themselves", async () => {
    const { db } = database();
    const owner = staffActor("owner");
    const email = `${uniqueWord("helper")}@kesar.test`;
    await inviteStaff(db, owner, { email, role: "support" });
    const code = await linkSentTo(db, email);
    const joined = await acceptInvitation(db, policy, code, { name: "Helper", password: PASSWORD }, meta);
    await changeStaffRole(db, owner, { userId: joined.user.id, role: "packer" });
    expect(await resolveSession(db, joined.token, null)).toBeNull();
    await removeStaff(db, owner, { userId: joined.user.id });
    expect((await staffPage(db, owner)).members.some((member) => member.id === joined.user.id)).toBe(false);
    const self = { ...owner, userId: joined.user.id };
    expect(await failure(removeStaff(db, self, { userId: joined.user.id }))).toMatchObject({ code: "forbidden" });
  });

  it("keeps the shop an Owner: the last one cannot be made anything else nor removed", async () => {
    const { db } = database();
    const someone = staffActor("owner");
    const join = async () => {
      const email = `${uniqueWord("owner")}@kesar.test`;
      await inviteStaff(db, someone, { email, role: "owner" });
      const code = await linkSentTo(db, email);
      return (await acceptInvitation(db, policy, code, { name: "Owner", password: PASSWORD }, meta)).user;
    };
    // This database has no other Owner: the start-up's Owner is made by the bootstrap, not here.
    const first = await join();
    const lastOwner = { message: "The shop must keep at least one Owner." };
    expect(await failure(changeStaffRole(db, someone, { userId: first.id, role: "manager" }))).toMatchObject(lastOwner);
    expect(await failure(removeStaff(db, someone, { userId: first.id }))).toMatchObject(lastOwner);
    await join();
    await changeStaffRole(db, someone, { userId: first.id, role: "manager" });
    expect((await staffPage(db, someone)).members.find((member) => member.id === first.id)?.role).toBe("manager");
  });
});

describeEachEmptyDatabase("the administrator of before roles", (database) => {
  it("becomes an Owner, and customers stay customers", async () => {
    const { db } = database();
    await migrateUpTo(db, "0034_phone_sign_in_and_messaging");
    for (const [id, role] of [
      ["boss", "admin"],
      ["buyer", "customer"],
    ] as const) {
      await sql`insert into users (id, name, email, email_key, password_hash, role, created_at)
        values (${id}, ${id}, ${`${id}@example.com`}, ${`${id}@example.com`}, 'x', ${role}, 1)`.execute(db);
    }
    await migrateToLatest(db);
    const roles = await db.selectFrom("users").select(["id", "role"]).orderBy("id").execute();
    expect(roles).toEqual([
      { id: "boss", role: "owner" },
      { id: "buyer", role: "customer" },
    ]);
    await expect(sql`update users set role = 'admin' where id = 'boss'`.execute(db)).rejects.toThrow();
  });
});
