import type { Actor } from "#core/actor.ts";
import { isPhoneOnlyEmail } from "#core/phone.ts";
import { assertCan } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { messageQueued } from "../jobs/message-queued.ts";
import type { Limit } from "../limits/limits.service.ts";
import { readPage } from "../paging.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import type { LinkMailRequest, LinkMaker, MailMessage, OutboxEntry, QueuedMail } from "./mail.schemas.ts";
import type { MailTransport } from "./mail-transport.ts";
import {
  type ClaimedMail,
  claimDue,
  countUnsent,
  deleteOutboxRow,
  deleteQueued,
  findRecentOutbox,
  insertOutbox,
  markAttemptFailed,
  markSent,
  requeueFailed,
} from "./outbox.repository.ts";
import { subjectOf } from "./templates/mail-subjects.ts";

/** How long a worker may hold a message before another may take it (an SMTP send times out well before). */
const LEASE_MS = 2 * 60_000;
/** After the last of these waits, a message is given up as failed; the admin can send it again. */
const RETRY_WAITS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/**
 * Puts a message in the outbox, in the caller's transaction: it is sent if, and only if, what
 * caused it (an order, a status change, a reset request) is committed. With `sendAt`, no worker
 * takes it before then (a review invitation waits a few days after delivery). Nothing is queued to
 * the placeholder of an account made by phone (core/phone.ts): no mail can reach it, and an outbox
 * row would only fail six times over a day.
 */
export async function queueMail(
  executor: Executor,
  message: QueuedMail,
  now: number = Date.now(),
  { sendAt = now }: { sendAt?: number } = {},
): Promise<void> {
  if (isPhoneOnlyEmail(message.to)) return;
  await insertOutbox(executor, {
    kind: message.kind,
    recipient: message.to,
    subject: subjectOf(message),
    payload: JSON.stringify(message.payload),
    nextAttemptAt: sendAt,
    createdAt: now,
  });
  messageQueued.announce();
}

/** Takes back the messages of a kind still waiting for an address (one who unsubscribed). */
export async function dropQueuedMail(executor: Executor, kind: MailMessage["kind"], recipientKey: string) {
  return deleteQueued(executor, kind, recipientKey);
}

/** Of the mails anyone can make the shop send, one address gets at most this many an hour. */
export const PUBLIC_MAILS_PER_HOUR = 5;

/**
 * The cap on mails that anyone who knows an address can cause (an order's link, a reset link, a
 * confirmation link), across all their kinds, so that the shop cannot be used to flood a mailbox.
 * Counted with `countUse` in the transaction that queues the mail.
 */
export function mailsTo(recipient: string): Limit {
  return {
    action: "mail-to",
    subject: recipient.trim().toLowerCase(),
    max: PUBLIC_MAILS_PER_HOUR,
    windowMs: 3_600_000,
  };
}

export type Delivery = {
  db: Db;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  /** Makes the one-time link of a reset or confirmation mail as it is sent (the accounts room's). */
  makeLink: LinkMaker;
};

/**
 * Sends what is due, a batch at a time, and returns how many were sent. Each message is held
 * (claimed with a lease) before it is sent, and the batch's sent messages are marked sent after; a failure is tried again later,
 * with longer waits, then given up. A worker that dies mid-send leaves the message to be taken
 * again when its lease runs out. A link mail gets its code just before it is sent, or is dropped
 * when it has no one to go to.
 */
export async function deliverDueMail(delivery: Delivery, now: number = Date.now(), limit = 20): Promise<number> {
  const claimed = await delivery.db.transaction().execute((trx) => claimDue(trx, now, now + LEASE_MS, limit));
  // Links are made one after another, in the order they were asked for: of two links to one
  // account, the later is the one that works (a new code retires the older).
  const batch: { row: ClaimedRow; prepared: Prepared }[] = [];
  for (const row of claimed) batch.push({ row, prepared: await prepare(delivery, row, now) });
  // A batch goes out together: rendering one message overlaps with sending others.
  const outcomes = await Promise.all(batch.map(({ row, prepared }) => deliverOne(delivery, row, prepared)));
  // One write marks the batch sent: on a sale day a write (and its fsync) per message held up orders.
  const sent = batch.filter((_, index) => outcomes[index]).map(({ row }) => row.id);
  if (sent.length > 0) await markSent(delivery.db, sent, Date.now());
  return sent.length;
}

type ClaimedRow = ClaimedMail;
type Prepared = { message: MailMessage | null } | { error: unknown };

/** A link mail asks for its link to be made now; one queued before links were made at sending has its own. */
function isLinkRequest(queued: QueuedMail): queued is LinkMailRequest {
  return (queued.payload as { link?: unknown }).link === "at-send";
}

/** The message to send for a row: as queued, or with the link made now; null when it is dropped. */
async function prepare(delivery: Delivery, row: ClaimedRow, now: number): Promise<Prepared> {
  try {
    const queued = { kind: row.kind, to: row.recipient, payload: JSON.parse(row.payload) } as QueuedMail;
    return { message: isLinkRequest(queued) ? await delivery.makeLink(queued, now) : (queued as MailMessage) };
  } catch (error) {
    return { error };
  }
}

async function deliverOne(delivery: Delivery, row: ClaimedRow, prepared: Prepared): Promise<boolean> {
  try {
    if ("error" in prepared) throw prepared.error;
    const { message } = prepared;
    if (!message || isPhoneOnlyEmail(message.to)) {
      // No one to send it to (a reset asked for an address without an account, or one queued to an
      // account's placeholder before such mail was skipped): nothing is kept.
      await deleteOutboxRow(delivery.db, row.id);
      return false;
    }
    // The templates (and React Email) load here, in the process that sends, when it first sends.
    const { renderMail } = await import("./templates/mail-templates.ts");
    const { html, text } = await renderMail(message, delivery.publicUrl);
    await delivery.transport.send({
      from: delivery.from,
      to: message.to,
      subject: row.subject,
      html,
      text,
      // The same message keeps its id however many times it is tried, so a receiver can tell.
      messageId: `<outbox-${row.id}.${row.kind}@${senderDomain(delivery.from)}>`,
    });
    return true;
  } catch (error) {
    const wait = RETRY_WAITS_MS[row.attempts - 1];
    const reason = error instanceof Error ? error.message : String(error);
    await markAttemptFailed(delivery.db, row.id, reason.slice(0, 500), wait === undefined ? null : Date.now() + wait);
    return false;
  }
}

/** The domain of the sender's address (`Kesar <orders@kesar.in>` → kesar.in), for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/** The latest messages and their state, for the admin's E-mails view. */
export async function recentMail(
  db: Db,
  actor: Actor,
  page = 1,
  pageSize = 30,
): Promise<{ rows: OutboxEntry[]; page: number; hasNext: boolean }> {
  assertCan(actor, "mail.view");
  return readPage((limit, offset) => findRecentOutbox(db, limit, offset), page, pageSize);
}

const NOT_FAILED = "Only a message that failed can be sent again.";

/** Sends a failed message again, from the start of its retries. */
export async function resendMail(db: Db, actor: Actor, mailId: number | string, now: number = Date.now()) {
  assertCan(actor, "mail.view");
  const id = parseInput(decimalInteger(NOT_FAILED, 1, Number.MAX_SAFE_INTEGER), mailId);
  if (!(await requeueFailed(db, id, now))) {
    throw new AppError("not-found", NOT_FAILED);
  }
}

/** How many messages wait to be delivered (queued, or being sent): the outbox's depth. */
export function outboxDepth(db: Db): Promise<number> {
  return countUnsent(db);
}
