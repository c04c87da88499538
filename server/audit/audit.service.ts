import { type Actor, isStaffUser } from "#core/actor.ts";
import {
  AUDIT_KINDS,
  AUDIT_SUBJECTS,
  type AuditEntry,
  type AuditKind,
  type AuditSubjectType,
  isAuditKind,
  isAuditSubjectType,
} from "#core/audit.ts";
import { assertCan, can } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { type AuditFilter, findAuditActors, findAuditEntries, insertAuditEntry } from "./audit.repository.ts";

/*
 * The audit room (record 45): every change made in the admin area is written here, by the room that
 * makes it, in the same transaction as the change (`recordAudit(trx, actor, entry)`), so a change
 * that fails leaves no entry and an entry that cannot be written undoes the change. Only changes
 * made by a signed-in member of staff are entries: what the shop does by itself (start-up, the demo
 * catalogue, scripts, the gateway's and the courier's news, a buyer's own cancellation) is not an
 * admin change.
 */

/** What a room tells the log of a change. Values are plain data (JSON); money in paise. */
export type AuditRecord = {
  kind: AuditKind;
  subject: { type: AuditSubjectType; id: string | number; label: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Why, where the form asks (refunds, stock adjustments, price changes, cancellations). */
  reason?: string | null;
};

/** The log's subject for an order, named by its number. */
export function orderSubject(order: { id: number; orderNumber: string }): AuditRecord["subject"] {
  return { type: "order", id: order.id, label: order.orderNumber };
}

/** The log's subject for a product, named by its title. */
export function productSubject(product: { id: number; title: string }): AuditRecord["subject"] {
  return { type: "product", id: product.id, label: product.title };
}

const LONGEST_TEXT = 2_000;

/** Writes the change's entry in the caller's transaction; nothing for an actor who is not staff. */
export async function recordAudit(
  trx: Executor,
  actor: Actor,
  record: AuditRecord,
  now: number = Date.now(),
): Promise<void> {
  if (!isStaffUser(actor)) return;
  await insertAuditEntry(trx, {
    at: now,
    actorId: actor.userId,
    actor: actor.email,
    actorRole: actor.role,
    kind: record.kind,
    subjectType: record.subject.type,
    subjectId: String(record.subject.id),
    subjectLabel: record.subject.label.slice(0, 200),
    before: record.before ? JSON.stringify(record.before) : null,
    after: record.after ? JSON.stringify(record.after) : null,
    reason: record.reason ? record.reason.slice(0, LONGEST_TEXT) : null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

export type AuditQuery = {
  person?: string | undefined;
  kind?: string | undefined;
  subject?: string | undefined;
  subjectId?: string | undefined;
  before?: number | undefined;
};

export type AuditPage = {
  entries: AuditEntry[];
  /** The id to read the next (older) page before; null on the last page. */
  nextBefore: number | null;
  /** Whom the filter by person may name: everyone for the Owner, oneself for the others. */
  people: { id: string; name: string }[];
  seesEveryone: boolean;
};

/**
 * The log, newest first, by person, kind and subject: the Owner sees everyone's changes, every
 * other member of staff only their own, whatever the address asks for.
 */
export async function auditLogPage(db: Db, actor: Actor, query: AuditQuery): Promise<AuditPage> {
  assertCan(actor, "audit.view");
  const seesEveryone = can(actor, "audit.view-all");
  const own = actor.kind === "user" ? actor.userId : undefined;
  const filter: AuditFilter = {
    actorId: seesEveryone ? query.person || undefined : own,
    kind: query.kind && isAuditKind(query.kind) ? query.kind : undefined,
    ...subjectFilter(query),
    beforeId: query.before,
  };
  const rows = await findAuditEntries(db, filter, AUDIT_PAGE_SIZE + 1);
  const people = seesEveryone
    ? (await findAuditActors(db)).map((row) => ({ id: row.actorId ?? "", name: String(row.actor ?? "") }))
    : actor.kind === "user"
      ? [{ id: actor.userId, name: actor.email }]
      : [];
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(
    (row): AuditEntry => ({
      id: row.id,
      at: Number(row.at),
      actorId: row.actorId,
      actor: row.actor,
      actorRole: row.actorRole,
      kind: row.kind,
      kindLabel: isAuditKind(row.kind) ? AUDIT_KINDS[row.kind] : row.kind,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectLabel: row.subjectLabel,
      before: parsed(row.before),
      after: parsed(row.after),
      reason: row.reason,
    }),
  );
  const last = entries.at(-1);
  return { entries, nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null, people, seesEveryone };
}

/** An order number typed as people type it ("ks 100042", "KS-100042"). */
const ORDER_NUMBER = /^ks[\s-]*(\d+)$/i;

/**
 * The subject asked for: its kind, and its id ("12") or the name people know it by (an order
 * number, a product's title); an order number alone means an order.
 */
function subjectFilter(query: AuditQuery): Pick<AuditFilter, "subjectType" | "subjectId" | "subjectLabel"> {
  const typed = query.subjectId?.trim();
  const number = typed ? ORDER_NUMBER.exec(typed) : null;
  const subjectType = query.subject && isAuditSubjectType(query.subject) ? query.subject : number ? "order" : undefined;
  if (!subjectType || !typed) return { subjectType };
  if (number) return { subjectType, subjectLabel: `KS-${number[1]}` };
  return /^[0-9]+$/.test(typed) || /^[ag]-/.test(typed)
    ? { subjectType, subjectId: typed }
    : { subjectType, subjectLabel: typed };
}

/** The kinds and subjects the log's filters offer. */
export const AUDIT_FILTERS = { kinds: AUDIT_KINDS, subjects: AUDIT_SUBJECTS };

function parsed(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
