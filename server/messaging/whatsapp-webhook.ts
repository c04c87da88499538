import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type IndianMobile, isIndianMobile } from "#core/phone.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { applyReceipts, DELIVERY_RANK, isDelivery } from "./delivery-status.ts";
import { insertReceipt } from "./messages.repository.ts";
import { recordWhatsappConsent } from "./messaging.service.ts";
import type { WhatsappSettings } from "./messaging-settings.ts";

export const FORGED_MESSAGE = "The webhook's signature does not match.";
export const HANDSHAKE_REFUSED = "The verify token does not match.";

/** The hex HMAC-SHA256 of a body with the app secret, as Meta signs webhooks (X-Hub-Signature-256). */
export function whatsappSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/**
 * Whether a signature header is Meta's for this body: "sha256=" and the hex HMAC-SHA256 of the raw
 * body with the app secret, compared in constant time. Anything malformed is false.
 */
export function signatureIsMeta(appSecret: string, rawBody: string | Buffer, header: unknown): boolean {
  if (typeof header !== "string" || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody).slice("sha256=".length), "hex");
  return timingSafeEqual(expected, Buffer.from(header.slice("sha256=".length).toLowerCase(), "hex"));
}

/**
 * The GET handshake Meta makes when the webhook is set up: `hub.mode=subscribe`, the verify token
 * the shop was given (WHATSAPP_VERIFY_TOKEN) and a challenge to echo. Answers the challenge to echo,
 * or refuses (403) a wrong token or mode.
 */
export function whatsappHandshake(
  settings: Pick<WhatsappSettings, "verifyToken">,
  query: { mode: unknown; verifyToken: unknown; challenge: unknown },
): string {
  const { mode, verifyToken, challenge } = query;
  // Compared as hashes, so the comparison takes as long whatever was typed, and however long.
  const tokenMatches =
    typeof verifyToken === "string" && timingSafeEqual(sha256(verifyToken), sha256(settings.verifyToken));
  if (mode !== "subscribe" || !tokenMatches) throw new AppError("forbidden", HANDSHAKE_REFUSED);
  if (typeof challenge !== "string" || !/^[\w.-]{1,200}$/.test(challenge)) {
    throw new AppError("validation-failed", "The challenge is missing.");
  }
  return challenge;
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

type StatusReport = { id: string; status: keyof typeof DELIVERY_RANK; at: number; error: string | null };

/**
 * A WhatsApp status webhook (POST), from its raw body and X-Hub-Signature-256 header. A body whose
 * signature is not Meta's is refused (401) before it is read. Each status (sent, delivered, read,
 * failed) is recorded once, by its message id and status, and moves the message's delivery only
 * forward: Meta sends reports more than once and out of order, and a repeat or a late "sent" after
 * "read" changes nothing. A failure's reason is kept. A report for a message the shop did not send
 * (or has not yet recorded as sent) is kept and applied when the send is recorded. A buyer's reply
 * of STOP is recorded as an opt-out, with their words. Answers how many reports were new.
 */
export async function receiveWhatsappStatus(
  db: Db,
  settings: Pick<WhatsappSettings, "appSecret">,
  rawBody: string | Buffer,
  signatureHeader: unknown,
  now: number = Date.now(),
): Promise<{ received: number; new: number }> {
  if (!signatureIsMeta(settings.appSecret, rawBody, signatureHeader)) {
    throw new AppError("unauthenticated", FORGED_MESSAGE);
  }
  const values = changeValues(rawBody);
  const reports = values.flatMap((value) => statusReports(value));
  for (const stop of values.flatMap((value) => stopReplies(value))) {
    await recordWhatsappConsent(db, { ...stop, choice: "out", source: "whatsapp reply" }, now);
  }
  let fresh = 0;
  for (const report of reports) {
    const isNew = await insertReceipt(db, {
      providerMessageId: report.id,
      status: report.status,
      rank: DELIVERY_RANK[report.status],
      at: report.at,
      error: report.error,
      receivedAt: now,
    });
    // Applied after the report is committed: a send recorded at the same moment then sees it, or this sees the send.
    await applyReceipts(db, report.id);
    if (isNew) fresh++;
  }
  return { received: reports.length, new: fresh };
}

/** What each change of a webhook body holds (entry[].changes[].value). */
function changeValues(rawBody: string | Buffer): unknown[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString());
  } catch {
    throw new AppError("validation-failed", "The webhook's body is not JSON.");
  }
  const entries = arrayOf((body as { entry?: unknown })?.entry);
  const changes = entries.flatMap((entry) => arrayOf((entry as { changes?: unknown })?.changes));
  return changes.map((change) => (change as { value?: unknown })?.value);
}

/** Words a buyer replies to stop the updates, as WhatsApp businesses commonly take them. */
const STOP_WORDS = new Set(["STOP", "UNSUBSCRIBE", "STOP UPDATES", "बंद"]);

/**
 * The buyers who replied STOP (value.messages[] of type text, from "91" and ten digits): each is
 * an opt-out, kept with the words they replied.
 */
function stopReplies(value: unknown): { phone: IndianMobile; wording: string }[] {
  const messages = arrayOf((value as { messages?: unknown })?.messages) as {
    from?: unknown;
    type?: unknown;
    text?: { body?: unknown };
  }[];
  return messages.flatMap((message) => {
    const body = typeof message?.text?.body === "string" ? message.text.body.trim() : "";
    const phone = typeof message?.from === "string" ? `+${message.from}` : "";
    if (message?.type !== "text" || !STOP_WORDS.has(body.toUpperCase()) || !isIndianMobile(phone)) return [];
    return [{ phone, wording: `Replied on WhatsApp: ${body}` }];
  });
}

/** The statuses one change reports (value.statuses[]); anything else is left out. */
function statusReports(value: unknown): StatusReport[] {
  const statuses = arrayOf((value as { statuses?: unknown })?.statuses);
  return statuses.flatMap((status) => {
    const report = reportOf(status as Record<string, unknown>);
    return report ? [report] : [];
  });
}

function reportOf(status: Record<string, unknown>): StatusReport | null {
  const { id, timestamp } = status ?? {};
  if (typeof id !== "string" || id.length === 0 || id.length > 200 || !isDelivery(status.status)) return null;
  const seconds = typeof timestamp === "string" && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : null;
  const first = arrayOf(status.errors)[0] as { code?: unknown; title?: unknown; message?: unknown } | undefined;
  const error = first ? `${String(first.code ?? "")} ${String(first.title ?? first.message ?? "")}`.trim() : null;
  return { id, status: status.status, at: seconds === null ? 0 : seconds * 1000, error: error?.slice(0, 300) ?? null };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
