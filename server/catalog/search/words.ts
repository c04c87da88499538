import { devanagariToLatin, hasDevanagari } from "./devanagari.ts";
import seed from "./spellings.json" with { type: "json" };

/**
 * What shoppers type and what the catalogue says are brought to the same words: lower case, Latin
 * letters (Devanagari transliterated, accents dropped), one spelling for the words Indian shoppers
 * spell several ways (kurti/kurta, sari/saree, lehnga/lehenga, duppata/dupatta…: spellings.json),
 * and singular for plural ("tops" finds a Top). The index keeps products' words this way; a search
 * brings the shopper's words to the same form before it looks them up (see understand.ts).
 */
export const SEED_SPELLINGS: ReadonlyMap<string, string> = new Map(Object.entries(seed.spellings));

/** Words that end in "s" in the singular. */
const SINGULAR_S = new Set(["dress", "glass", "sunglass", "jeans", "lens", "canvas", "bus", "chiffon"]);

/** A word folded to its singular ("kurtis" → "kurti", "dresses" → "dress", "accessories" → "accessory"). */
export function singular(word: string): string {
  if (SINGULAR_S.has(word) || word.length <= 3 || /^\d/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

/** Lower case, Latin letters, no accents: "Kurtī", "KURTI" and "कुर्ती" all read "kurti". */
export function plainText(text: string): string {
  const latin = hasDevanagari(text) ? devanagariToLatin(text) : text;
  return latin.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** One word as the index keeps it: singular, then the one spelling. */
export function canonicalWord(word: string, spellings: ReadonlyMap<string, string> = SEED_SPELLINGS): string {
  const plain = plainText(word).replace(/[^\p{L}\p{N}]/gu, "");
  // A Map, not an object: a shopper's word such as "constructor" must not find Object's own members.
  const direct = spellings.get(plain);
  if (direct) return direct;
  const one = singular(plain);
  return spellings.get(one) ?? one;
}

/** The raw words of a text, hyphenated ones whole ("t-shirt"), in order. */
export function rawWords(text: string): string[] {
  return plainText(text).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * The words of a text as the index keeps them, each once: a hyphenated word both whole and in its
 * parts ("T-Shirts" → tshirt, t, shirt), so that "tshirt", "t-shirt" and "t shirt" all find it.
 */
export function searchWords(text: string): string[] {
  const words = rawWords(text).flatMap((word) =>
    word.includes("-")
      ? [canonicalWord(word), ...word.split("-").map((part) => canonicalWord(part))]
      : [canonicalWord(word)],
  );
  return [...new Set(words.filter((word) => word.length > 0))];
}

/** What a product stores to be found by: the words of its title, category, type and fabric. */
export function productSearchText(product: { title: string; category: string; type: string; fabric: string | null }) {
  return searchWords([product.title, product.category, product.type, product.fabric ?? ""].join(" ")).join(" ");
}

/** The product's words for the full-text index, by weight: title above type and category, then fabric, then description. */
export type IndexColumns = { searchTitle: string; searchKind: string; searchFabric: string; searchDescription: string };

export function productIndexColumns(product: {
  title: string;
  category: string;
  type: string;
  fabric: string | null;
  description: string;
  description1: string;
}): IndexColumns {
  return {
    searchTitle: searchWords(product.title).join(" "),
    searchKind: searchWords(`${product.type} ${product.category}`).join(" "),
    searchFabric: searchWords(product.fabric ?? "").join(" "),
    // Long descriptions are cut: the index is for finding, not for reading.
    searchDescription: searchWords(`${product.description} ${product.description1}`).slice(0, 200).join(" "),
  };
}
