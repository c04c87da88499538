import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { COLLECTIONS } from "#core/collections.ts";
import { assertCan } from "../../access.ts";
import { recordAudit } from "../../audit/audit.service.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../validation/fields.ts";
import { catalogVersion } from "../catalog-version.ts";
import type { SearchTerm, TermWord } from "./product-search.repository.ts";
import { findTopSearches, findZeroResultSearches, upsertSynonym } from "./search.repository.ts";
import { searchKnowledge } from "./search-knowledge.ts";
import { searchLog } from "./search-log.ts";
import {
  droppedText,
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
  /**
   * The words the results are for, when they differ from what was typed (a correction, a word left
   * out): the shopper's own words, a corrected word as corrected.
   */
  showingFor: string | null;
  /** The shopper's words left out because no product has all of them, as written and in order. */
  dropped: string[];
  /** A collection or garment type the search names exactly: its own listing. */
  offer: { label: string; href: string } | null;
  /** For a search that found nothing: searches of the whole shop that do find something, nearest first. */
  instead?: string[];
};

/**
 * The index's terms for a search's words: each word with the words it also finds (synonyms, a
 * colour's shades), and a corrected word with what was typed. A word that finds everything another
 * word of the search finds adds nothing and is left out ("salwar kameez" is one term).
 */
export function searchTerms(words: readonly QueryWord[]): SearchTerm[] {
  const terms = words.map(termOf);
  const keys = terms.map(
    (term) => new Set([term, ...(term.or ?? [])].map((each) => `${each.word}${each.prefix ? "*" : ""}`)),
  );
  const within = (a: Set<string>, b: Set<string>) => [...a].every((key) => b.has(key));
  return terms.filter((_, index) => {
    const mine = keys[index] as Set<string>;
    return !keys.some((other, at) => at !== index && within(other, mine) && (at < index || !within(mine, other)));
  });
}

function termOf(word: QueryWord): SearchTerm {
  const or: TermWord[] = word.alternatives.map((alternative) => ({ word: alternative, prefix: false }));
  if (word.known && word.corrected && word.typed.length > 0 && /^[\p{L}\p{N}]+$/u.test(word.typed)) {
    or.push({ word: word.typed, prefix: true });
  }
  const term = { word: word.word, prefix: !word.known };
  return or.length > 0 ? { ...term, or } : term;
}

/** The shopper's search, understood with what the shop knows now, and the garment types it knows. */
export async function understandSearch(db: Db, q: string): Promise<UnderstoodQuery & { types: readonly string[] }> {
  const knowledge = await searchKnowledge(db);
  return { ...understandQuery(q, knowledge), types: knowledge.types ?? [] };
}

/**
 * Runs a search, leaving out its least important word while nothing has every word, and says so in
 * the shopper's words. When even its most important word finds nothing, the search stays as typed
 * (the page then offers other searches). `count` counts the products a set of terms finds (with the
 * listing's other filters).
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
  if (total === 0) {
    return { terms: searchTerms(understood.words), total, outcome: { typed: q, showingFor: null, dropped: [] } };
  }
  const dropped = droppedText(understood, words);
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

/** One word of the administrator's product search: what a product's words may start with, or be. */
export type ProductSearchWord = {
  /** The start of a word, as the administrator may type part of one: as typed, and in the shop's spelling. */
  starts: string[];
  /** Whole words: its correction, synonyms and narrower words (a colour's shades). */
  whole: string[];
};

/**
 * The administrator's product search in the shop's own understanding of words: each word as typed
 * and in the shop's spelling ("kurti" finds the Kurtis the index keeps as "kurta"), corrected, with
 * its synonyms and narrower words; filler words left out. Every word must be found.
 */
export async function productSearchWords(db: Db, q: string): Promise<ProductSearchWord[]> {
  const knowledge = await searchKnowledge(db);
  return understandQuery(q, knowledge).words.map((word) => {
    const starts = [...new Set([word.typed, word.corrected ? "" : word.word].filter((each) => each.length > 0))];
    const whole = [word.word, ...word.alternatives].filter((each) => !starts.includes(each));
    return { starts, whole };
  });
}

/** Records a search for the admin's Searches view (buffered, written in batches). */
export function recordSearch(db: Db, query: string, resultCount: number, tookMs: number): void {
  searchLog(db).record(query, resultCount, tookMs);
}

export type SearchInsights = {
  top: { query: string; times: number; maxResults: number; averageMs: number }[];
  zero: { query: string; times: number; suggestion: string | null }[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin's Searches view: the last 30 days' most made searches, and those that found nothing. */
export async function searchInsights(db: Db, actor: Actor, now: number = Date.now()): Promise<SearchInsights> {
  assertCan(actor, "searches.manage");
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

/** "Treat as synonym of …": the word and the word it stands for. */
export const synonymSchema = z.object({
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
  assertCan(actor, "searches.manage");
  const parsed = parseInput(synonymSchema, input);
  const word = rawWords(parsed.word)[0]?.replaceAll("-", "") ?? "";
  const target = canonicalWord(parsed.target);
  if (!word || !target) throw new AppError("validation-failed", "A synonym is one word, letters and digits only.");
  if (word === target || canonicalWord(word) === target) {
    throw new AppError("validation-failed", `“${word}” already finds “${target}”.`);
  }
  await db.transaction().execute(async (trx) => {
    await upsertSynonym(trx, word, target, now);
    await recordAudit(
      trx,
      actor,
      { kind: "search.synonym", subject: { type: "search", id: word, label: word }, after: { target } },
      now,
    );
  });
  // Cached result pages and counts were made without the synonym.
  await catalogVersion(db).changed();
  return { word, target };
}
