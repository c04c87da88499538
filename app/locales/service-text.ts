import { messages as english } from "./en-IN.ts";
import type { MessageId, Translate } from "./i18n.ts";

/*
 * The shop's fixed words that come from the server in English (the home page's captions, kept in
 * server/catalog/home-content.json, as `content.*`), and its rooms' refusals and confirmations.
 * The rooms of the shop refuse and confirm in English (their AppError and toast texts, which the
 * admin, the logs and the tests read). A shopper on a Hindi page sees them through this table: a
 * text the catalogue knows, by its English words, is shown in the page's language; a text it does
 * not know is shown as it came. "Failed to place the order: Please enter the pincode." is translated
 * part by part.
 */
const SERVICE_TEXTS = (Object.entries(english) as [MessageId, string][]).filter(
  ([id]) => id.startsWith("service.") || id.startsWith("content."),
);
const BY_ENGLISH = new Map<string, MessageId>(
  SERVICE_TEXTS.filter(([, text]) => !/\{\w+\}/.test(text)).map(([id, text]) => [text, id]),
);

/*
 * Texts with a figure or a name in them ("Please wait 20 seconds before asking for another code."):
 * their English with each placeholder matching what the room put there.
 */
const WITH_VALUES = SERVICE_TEXTS.filter(([, text]) => /\{\w+\}/.test(text)).map(([id, text]) => {
  const names: string[] = [];
  const pattern = text
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^:]+?)";
    })
    .join("");
  return { id, names, pattern: new RegExp(`^${pattern}$`) };
});

function withValues(t: Translate, message: string): string | null {
  for (const { id, names, pattern } of WITH_VALUES) {
    const match = pattern.exec(message);
    if (match) return t(id, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""])));
  }
  return null;
}

export function serviceText(t: Translate, message: string): string {
  const id = BY_ENGLISH.get(message);
  if (id) return t(id);
  const filled = withValues(t, message);
  if (filled !== null) return filled;
  const colon = message.indexOf(": ");
  if (colon > 0) {
    const [head, rest] = [message.slice(0, colon), message.slice(colon + 2)];
    const headId = BY_ENGLISH.get(head);
    if (headId) return `${t(headId)}: ${serviceText(t, rest)}`;
  }
  return message;
}
