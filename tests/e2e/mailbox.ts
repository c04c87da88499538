import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { expect } from "vitest";

/** Each file of the outbox read once: its raw text, and its parsed message once one was needed. */
const seen = new Map<string, { raw: string; parsed?: Promise<ParsedMail> }>();

/**
 * The messages in the shop's file outbox addressed to `to`, parsed, oldest first. Every journey
 * shares the outbox, so a file is read once, and only the messages that name the address are parsed.
 */
async function mailsTo(outboxDir: string, to: string): Promise<ParsedMail[]> {
  let names: string[];
  try {
    names = readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const mine = names.sort().flatMap((name) => {
    const file = path.join(outboxDir, name);
    let entry = seen.get(file);
    if (!entry) {
      entry = { raw: readFileSync(file, "utf8") };
      seen.set(file, entry);
    }
    if (!entry.raw.includes(to)) return [];
    entry.parsed ??= simpleParser(entry.raw);
    return [entry.parsed];
  });
  const parsed = await Promise.all(mine);
  return parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === to);
}

/** Waits for the shop's mail worker to deliver a message to `to` whose subject matches. */
export async function waitForMail(outboxDir: string, to: string, subject: RegExp): Promise<ParsedMail> {
  const find = async () => (await mailsTo(outboxDir, to)).find((mail) => subject.test(mail.subject ?? ""));
  await expect.poll(async () => (await find()) !== undefined, { timeout: 20_000 }).toBe(true);
  const mail = await find();
  if (!mail) throw new Error(`No mail to ${to} with subject ${subject}`);
  return mail;
}

/** The path of the first link in a message's text that leads to `prefix` (mails carry the public URL). */
export function linkPath(mail: ParsedMail, prefix: string): string {
  const match = (mail.text ?? "").match(new RegExp(`https?://[^\\s/]+(${prefix}[^\\s]*)`));
  if (!match?.[1]) throw new Error(`The mail "${mail.subject}" has no link to ${prefix}:\n${mail.text}`);
  return match[1];
}
