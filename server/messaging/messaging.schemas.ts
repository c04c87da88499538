import type { IndianMobile } from "#core/phone.ts";
import type { MessageChannel, MessageDelivery, OutboxStatus } from "../db/schema.ts";
import type { Language, MessageKind, TemplateKey } from "./message-templates.ts";

/**
 * A message to queue: which one, in which language, to whom, and its template's values. A value
 * that is a secret (a sign-in code) is never queued: the message says whose it is, and the value
 * is made as the message is sent (`ValuesAtSending`).
 */
export type QueuedMessage = {
  kind: MessageKind;
  language: Language;
  to: IndianMobile;
  values: Readonly<Record<string, string>>;
};

/** An SMS as a gateway is given it: the registered template, its ids, and the text it makes. */
export type OutgoingSms = {
  to: IndianMobile;
  template: TemplateKey;
  dltTemplateId: string | null;
  msg91TemplateId: string | null;
  text: string;
  /** The template's values by name, in the template's order (MSG91 fills its template with them). */
  values: { name: string; value: string }[];
};

/** A WhatsApp template message: the approved template's name, its language and body values in order. */
export type OutgoingWhatsapp = {
  to: IndianMobile;
  templateName: string;
  language: Language;
  values: string[];
};

/** What a provider answered: its id for the message, to match its delivery reports to. */
export type SendReceipt = { providerMessageId: string | null };

/**
 * A refusal that sending again would not change (a template the provider does not know, a number
 * it will not send to): the message fails at once instead of being retried for hours.
 */
export class PermanentSendError extends Error {
  override name = "PermanentSendError";
}

/**
 * Makes the secret values of a message as it is sent (the sign-in code, made and kept as an HMAC
 * by the accounts room), from what was queued; null when the message should no longer go (the
 * challenge was used, ended or replaced), and it is dropped. Handed to the worker where the shop
 * starts: messaging does not reach into accounts.
 */
export type ValuesAtSending = (
  message: { kind: MessageKind; recipient: string; payload: Readonly<Record<string, string>> },
  now: number,
) => Promise<Record<string, string> | null>;

/** A message as the admin (or a test) sees it in the outbox. */
export type MessageEntry = {
  id: number;
  channel: MessageChannel;
  kind: string;
  template: string;
  recipient: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  delivery: MessageDelivery | null;
  deliveryError: string | null;
};
