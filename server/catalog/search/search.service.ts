import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { COLLECTIONS } from "#core/collections.ts";
import { assertAdmin } from "../../access.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../validation/fields.ts";
import { findSuggestedProducts, type SearchTerm } from "../catalog.repository.ts";
import { catalogVersion } from "../catalog-version.ts";
import { findTopSearches, findZeroResultSearches, upsertSynonym } from "./search.repository.ts";
import { searchKnowledge } from "./search-knowledge.ts";
import { searchLog } from "./search-log.ts";
import {
  type QueryWord,
  type UnderstoodQuery,
  understandQuery,
  withoutLeastImportant,
  wordsText,
} from "./understand.ts";
import { canonicalWord, rawWords, searchWords } from "./words.ts";

/** What the results page says about a search beyond its results. */
export type SearchOutcome = {
  /** What the shopper typed. */
  typed: string;
  /** The words the results are for, when they differ from what was typed (a correction, a word left out). */
  showingFor: string | null;
  /** The typed words left out because no product has all of them. */
  dropped: string[];
  /** A collection or garment type the search names exactly: its own listing. */
  offer: { label: string; href: string } | null;
};

/** The index's terms for a search's words: a corrected word also finds what was typed. */
export function searchTerms(words: readonly QueryWord[]): SearchTerm[] {
  return words.map((word) => {
    if (!word.known) return { word: word.word, prefix: true };
    if (word.corrected && word.typed.length > 0 && /^[\p{L}\p{N}]+$/u.test(word.typed)) {
      return { word: word.word, prefix: false, or: { word: word.typed, prefix: true } };
    }
    return { word: word.word, prefix: false };
  });
}

/** The shopper's search, understood with what the shop knows now, and the garment types it knows. */
export async function understandSearch(db: Db, q: string): Promise<UnderstoodQuery & { types: readonly string[] }> {
  const knowledge = await searchKnowledge(db);
  return { ...understandQuery(q, knowledge), types: knowledge.types ?? [] };
}

/**
 * Runs a search, leaving out its least important word while nothing has every word, and says so.
 * `count` counts the products a set of terms finds (with the listing's other filters).
 */
export async function resolveSearch(
  q: string,
  understood: UnderstoodQuery,
  count: (terms: SearchTerm[]) => Promise<number>,
): Promise<{ terms: SearchTerm[]; total: number; outcome: Omit<SearchOutcome, "offer"> }> {
  let words = understood.words;
  let terms = searchTerms(words);
  let total = await count(terms);
  while (total === 0 && words.length > 1) {
    words = withoutLeastImportant(words);
    terms = searchTerms(words);
    total = await count(terms);
  }
  const kept = new Set(words.map((word) => word.word));
  const dropped = understood.words.filter((word) => !kept.has(word.word)).map((word) => word.typed);
  const changed = dropped.length > 0 || words.some((word) => word.corrected);
  return { terms, total, outcome: { typed: q, showingFor: changed ? wordsText(words) : null, dropped } };
}

/**
 * A search that is exactly a collection's name ("handbags") or a garment type ("kurta") also offers
 * that listing.
 */
export function listingOffer(q: string, types: readonly string[]): SearchOutcome["offer"] {
  const asked = searchWords(q).join(" ");
  if (!asked) return null;
  const collection = COLLECTIONS.find(
    (entry) => searchWords(entry.title).join(" ") === asked || searchWords(entry.label).join(" ") === asked,
  );
  if (collection) return { label: collection.title, href: `/${collection.slug}` };
  const type = types.find((entry) => searchWords(entry).join(" ") === asked);
  if (type) return { label: type, href: `/allproducts?type=${encodeURIComponent(type)}` };
  return null;
}

/** Records a search for the admin's Searches view (buffered, written in batches). */
export function recordSearch(db: Db, query: string, resultCount: number, tookMs: number): void {
  searchLog(db).record(query, resultCount, tookMs);
}

export type Suggestions = {
  /** Searches to complete the shopper's words with. */
  searches: string[];
  products: { id: number; title: string }[];
};

const SUGGESTED_SEARCHES = 4;
const SUGGESTED_PRODUCTS = 5;

/**
 * Suggestions for what is typed so far, from the same index: the shop's words that complete the
 * last word, and the products that have every word (the last as a prefix), best first.
 */
export async function suggestSearch(db: Db, q: string): Promise<Suggestions> {
  const typed = rawWords(q).slice(0, 8);
  const last = typed.at(-1);
  if (!last || q.trim().length < 2) return { searches: [], products: [] };
  const knowledge = await searchKnowledge(db);
  const before = understandQuery(typed.slice(0, -1).join(" "), knowledge).words;
  const lastWord = canonicalWord(last, knowledge.spellings);
  const head = before.map((word) => word.word).join(" ");
  const completions = knowledge.vocabulary
    .completions(last.replaceAll("-", ""), SUGGESTED_SEARCHES * 3)
    .map((word) => canonicalWord(word, knowledge.spellings));
  const whole = knowledge.vocabulary.has(lastWord) ? [lastWord] : [];
  const corrected = whole.length === 0 ? knowledge.vocabulary.correct(lastWord) : null;
  const searches = [...new Set([...whole, ...(corrected ? [corrected] : []), ...completions])]
    .filter((word) => !before.some((known) => known.word === word))
    .slice(0, SUGGESTED_SEARCHES)
    .map((word) => (head ? `${head} ${word}` : word));
  const terms: SearchTerm[] = [
    ...searchTerms(before),
    corrected
      ? { word: corrected, prefix: false, or: { word: lastWord, prefix: true } }
      : { word: lastWord, prefix: true },
  ];
  const products = await findSuggestedProducts(db, terms, SUGGESTED_PRODUCTS);
  return { searches, products };
}

export type SearchInsights = {
  top: { query: string; times: number; maxResults: number; averageMs: number }[];
  zero: { query: string; times: number; suggestion: string | null }[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin's Searches view: the last 30 days' most made searches, and those that found nothing. */
export async function searchInsights(db: Db, actor: Actor, now: number = Date.now()): Promise<SearchInsights> {
  assertAdmin(actor);
  await searchLog(db).flush();
  const since = now - 30 * DAY_MS;
  const [top, zero, knowledge] = await Promise.all([
    findTopSearches(db, since, 50),
    findZeroResultSearches(db, since, 50),
    searchKnowledge(db),
  ]);
  return {
    top,
    zero: zero.map((row) => {
      const first = rawWords(row.query)[0];
      const suggestion = first ? knowledge.vocabulary.correct(canonicalWord(first, knowledge.spellings)) : null;
      return { ...row, suggestion };
    }),
  };
}

const synonymSchema = z.object({
  word: z
    .string()
    .trim()
    .min(1, "Say which word to treat as a synonym.")
    .max(40, "A synonym is one word of at most 40 letters.")
    .refine(
      (value) => rawWords(value).length === 1 && !value.includes("-"),
      "A synonym is one word, letters and digits only.",
    ),
  target: z
    .string()
    .trim()
    .min(1, "Say which word it is a synonym of.")
    .max(40, "A synonym is one word of at most 40 letters.")
    .refine((value) => rawWords(value).length === 1, "The word it stands for is one word, letters and digits only."),
});

/**
 * "Treat as synonym of …": from now on a search for `word` looks for `target`. Both are folded as
 * searches fold them; a word cannot stand for itself.
 */
export async function treatAsSynonym(
  db: Db,
  actor: Actor,
  input: { word: unknown; target: unknown },
  now: number = Date.now(),
): Promise<{ word: string; target: string }> {
  assertAdmin(actor);
  const parsed = parseInput(synonymSchema, input);
  const word = rawWords(parsed.word)[0]?.replaceAll("-", "") ?? "";
  const target = canonicalWord(parsed.target);
  if (!word || !target) throw new AppError("validation-failed", "A synonym is one word, letters and digits only.");
  if (word === target || canonicalWord(word) === target) {
    throw new AppError("validation-failed", `“${word}” already finds “${target}”.`);
  }
  await upsertSynonym(db, word, target, now);
  // Cached result pages and counts were made without the synonym.
  await catalogVersion(db).changed();
  return { word, target };
}
