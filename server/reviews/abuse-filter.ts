import words from "./abuse-words.json" with { type: "json" };

/*
 * A first pass at abuse: a small list of words (server/reviews/abuse-words.json) and two patterns
 * (links, phone numbers) that hold a review for a person. It never deletes anything and never
 * decides alone: a moderator reads every held review and approves or rejects it.
 */

/** Letters written as digits or signs to get past a filter. */
const SWAPS: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };

function fold(text: string): string {
  return (
    text
      .normalize("NFC")
      .toLowerCase()
      .replace(/[013457@$]/g, (character) => SWAPS[character] ?? character)
      // "fuuuuck" and "f.u.c.k": runs of a letter become one, dots and stars between letters go.
      .replace(/(\p{L})[.*_-](?=\p{L})/gu, "$1")
      .replace(/(\p{L})\1{2,}/gu, "$1")
  );
}

const LIST = [...words.english, ...words.hinglish, ...words.devanagari].map((word) => fold(word));

// Devanagari combining marks are not \p{L}: a word ends where neither a letter nor a mark follows.
const WORD_EDGE = "[\\p{L}\\p{M}]";

const PATTERNS = LIST.map(
  (word) => [word, new RegExp(`(?<!${WORD_EDGE})${escapeRegExp(word)}(?!${WORD_EDGE})`, "u")] as const,
);

const LINK = /\b(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|in|net|org|shop|store|xyz)\b/i;
const PHONE = /(\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}\b/;

/**
 * Why a text should wait for a person, or null when nothing in it is on the list: the words found
 * (for the moderator), a link, or a phone number.
 */
export function abuseCheck(...texts: string[]): string | null {
  const text = texts.join("\n");
  const folded = fold(text);
  const found = PATTERNS.filter(([, pattern]) => pattern.test(folded)).map(([word]) => word);
  const reasons: string[] = [];
  if (found.length > 0) reasons.push(`Words on the abuse list: ${[...new Set(found)].join(", ")}`);
  if (LINK.test(text)) reasons.push("A link");
  if (PHONE.test(text)) reasons.push("A phone number");
  return reasons.length > 0 ? reasons.join("; ") : null;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
