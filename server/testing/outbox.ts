import type { Db } from "../db/schema.ts";

export type QueuedMail = {
  id: number;
  kind: string;
  subject: string;
  status: string;
  payload: Record<string, unknown>;
};

/** The messages queued for one address, oldest first, as the outbox holds them. */
export async function mailsTo(db: Db, recipient: string): Promise<QueuedMail[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "kind", "subject", "status", "payload"])
    .where("recipient", "=", recipient)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), payload: JSON.parse(row.payload) }));
}

/** The code at the end of a link a message carries (`/reset-password/<code>`). */
export function linkCode(mail: QueuedMail | undefined, field: string): string {
  const link = mail?.payload[field];
  if (typeof link !== "string") throw new Error(`The message has no ${field}.`);
  return link.slice(link.lastIndexOf("/") + 1);
}
