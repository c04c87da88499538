import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/** An SMS as the file outbox writes it (SMS_URL=file:…): one JSON file each. */
export type FiledSms = { to: string; template: string; dltTemplateId: string | null; text: string };

/** Each file read once: the outbox is shared by every test that reads it. */
const seen = new Map<string, FiledSms>();

/** The SMS in the shop's SMS folder sent to `to` ("+91…"), oldest first. */
export function smsTo(smsDir: string, to: string): FiledSms[] {
  let names: string[];
  try {
    names = readdirSync(smsDir).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  return names.sort().flatMap((name) => {
    const file = path.join(smsDir, name);
    let sms = seen.get(file);
    if (!sms) {
      sms = JSON.parse(readFileSync(file, "utf8")) as FiledSms;
      seen.set(file, sms);
    }
    return sms.to === to ? [sms] : [];
  });
}

/** Waits until the shop's worker has written `count` SMS to `to` (of a template, when named); answers them. */
export async function waitForSms(
  smsDir: string,
  to: string,
  options: { count?: number; template?: RegExp } = {},
): Promise<FiledSms[]> {
  const count = options.count ?? 1;
  const mine = () => smsTo(smsDir, to).filter((sms) => !options.template || options.template.test(sms.template));
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return mine();
}

/** The sign-in code of the latest code SMS to `to`. */
export async function codeSentTo(smsDir: string, to: string, count = 1): Promise<string> {
  const sent = await waitForSms(smsDir, to, { count, template: /^phone-code\./ });
  const code = sent.at(-1)?.text.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`No code in the SMS to ${to}.`);
  return code;
}
