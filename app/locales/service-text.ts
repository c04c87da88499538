import { messages as english } from "./en-IN.ts";
import type { MessageId, Translate } from "./i18n.ts";

/*
 * The shop's fixed words that come from the server in English (the home page's captions, kept in
 * server/catalog/home-content.json, as `content.*`), and its rooms' refusals and confirmations.
 * The rooms of the shop refuse and confirm in English (their AppError and toast texts, which the
 * admin, the logs and the tests read). A shopper on a Hindi page sees them through this table: a
 * text the catalogue knows, by its English words, is shown in the page's language; a text it does
 * not know is shown as it came. "Failed to place the order: Please enter the pincode." is translated
 * part by part. A text with a figure in it ("Only 2 left") is known by its message's pattern
 * ("Only {count} left"): the figures are carried over into the translation, and words the catalogue
 * knows among them ("Online · Paid") are translated too.
 */
const SERVED = (Object.entries(english) as [MessageId, string][]).filter(
  ([id]) => id.startsWith("service.") || id.startsWith("content."),
);
const BY_ENGLISH = new Map<string, MessageId>(SERVED.map(([id, text]) => [text, id]));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Longest first: "… up to {cap}; this order is {total}. Pay online …" before "… up to {cap}.", which
// would take the whole rest of the sentence as its figure.
const BY_PATTERN = SERVED.filter(([, text]) => /\{\w+\}/.test(text))
  .sort(([, a], [, b]) => b.length - a.length)
  .map(([id, text]) => ({
    id,
    names: [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ""),
    pattern: new RegExp(
      `^${text
        .split(/\{\w+\}/)
        .map(escaped)
        .join("(.+?)")}$`,
      "s",
    ),
  }));

function byPattern(t: Translate, message: string): string | null {
  for (const { id, names, pattern } of BY_PATTERN) {
    const found = pattern.exec(message);
    if (found)
      return t(id, Object.fromEntries(names.map((name, index) => [name, serviceText(t, found[index + 1] ?? "")])));
  }
  return null;
}

export function serviceText(t: Translate, message: string): string {
  const id = BY_ENGLISH.get(message);
  if (id) return t(id);
  const filled = byPattern(t, message);
  if (filled !== null) return filled;
  const colon = message.indexOf(": ");
  if (colon > 0) {
    const [head, rest] = [message.slice(0, colon), message.slice(colon + 2)];
    const headId = BY_ENGLISH.get(head);
    if (headId) return `${t(headId)}: ${serviceText(t, rest)}`;
  }
  return message;
}
