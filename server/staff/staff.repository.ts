import type { Insertable } from "kysely";
import { engineOf } from "../db/database.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, StaffInvitationsTable } from "../db/schema.ts";

export async function insertInvitation(executor: Executor, row: Insertable<StaffInvitationsTable>): Promise<number> {
  const inserted = await executor.insertInto("staffInvitations").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Invitations neither accepted nor withdrawn, newest first. */
export async function findOpenInvitations(executor: Executor) {
  return executor
    .selectFrom("staffInvitations")
    .selectAll()
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .orderBy("id", "desc")
    .execute();
}

/** The invitation, held for the rest of the caller's transaction (PostgreSQL; SQLite writes one at a time). */
export async function lockInvitation(executor: Executor, by: { id: number } | { codeHash: string }) {
  let query = executor.selectFrom("staffInvitations").selectAll();
  query = "id" in by ? query.where("id", "=", by.id) : query.where("codeHash", "=", by.codeHash);
  return (engineOf(executor) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

export async function findInvitationByCode(executor: Executor, codeHash: string) {
  return executor.selectFrom("staffInvitations").selectAll().where("codeHash", "=", codeHash).executeTakeFirst();
}

/** Withdraws the open invitations to an address (a new one replaces them). */
export async function revokeOpenInvitationsTo(executor: Executor, emailKey: string, at: number): Promise<void> {
  await executor
    .updateTable("staffInvitations")
    .set({ revokedAt: at })
    .where("emailKey", "=", emailKey)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
}

export async function revokeInvitation(executor: Executor, id: number, at: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("staffInvitations")
      .set({ revokedAt: at })
      .where("id", "=", id)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null),
  );
}

/** The link's code, made as the mail is sent: its hash and when it runs out. */
export async function storeInvitationCode(
  executor: Executor,
  id: number,
  code: { codeHash: string; expiresAt: number; sentAt: number },
): Promise<void> {
  await executor.updateTable("staffInvitations").set(code).where("id", "=", id).execute();
}

/** Marks the invitation accepted, once: false when another acceptance came first. */
export async function markInvitationAccepted(
  executor: Executor,
  id: number,
  accepted: { acceptedAt: number; acceptedUserId: string },
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("staffInvitations")
      .set(accepted)
      .where("id", "=", id)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null),
  );
}
