import type { Db } from "../db/schema.ts";
import { deliverDueMail } from "../mail/mail.service.ts";
import { shopLinkMaker } from "../mail-links.ts";

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

export type SentMail = { to: string; subject: string; text: string };

/**
 * Sends what the outbox holds that is due at `now`, as the shop's mail worker does (a reset's or a
 * confirmation's link made as it is sent), and answers the mails as they went out, in order.
 */
export async function sendDueMail(db: Db, now: number = Date.now()): Promise<SentMail[]> {
  const sent: SentMail[] = [];
  const delivery = {
    db,
    transport: {
      send: async (mail: SentMail) => {
        sent.push({ to: mail.to, subject: mail.subject, text: mail.text });
      },
      close: () => {},
    },
    from: "Kesar <orders@shop.test>",
    publicUrl: "http://localhost",
    makeLink: shopLinkMaker(db),
  };
  for (let batch = 0; batch < 20; batch++) {
    const before = sent.length;
    await deliverDueMail(delivery, now);
    if (sent.length === before && (await mailsDue(db, now)) === 0) break;
  }
  return sent;
}

async function mailsDue(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .where("status", "=", "queued")
    .where("nextAttemptAt", "<=", now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The code at the end of the link to `path` ("/reset-password/") that a sent mail carries. */
export function linkCodeIn(mail: SentMail | undefined, path: string): string {
  const code = mail?.text.match(new RegExp(`${path}([A-Za-z0-9_-]+)`))?.[1];
  if (!code) throw new Error(`The mail carries no ${path} link.`);
  return code;
}
