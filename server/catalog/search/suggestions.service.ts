import type { Db } from "../../db/schema.ts";
import { findSuggestedProducts, type SearchTerm, searchFindsAny, type TermWord } from "./product-search.repository.ts";
import { searchTerms } from "./search.service.ts";
import { searchKnowledge } from "./search-knowledge.ts";
import { SEED_RELATIONS } from "./synonyms.ts";
import {
  MAX_QUERY_WORDS,
  type QueryKnowledge,
  typedWords,
  type UnderstoodQuery,
  understandQuery,
} from "./understand.ts";
import { canonicalWord } from "./words.ts";

export type Suggestions = {
  /** Searches to complete the shopper's words with; each finds something. */
  searches: string[];
  products: { id: number; title: string }[];
};

const SUGGESTED_SEARCHES = 4;
const SUGGESTED_PRODUCTS = 5;
/** The last word's completions and what they find, at most this many index words. */
const MAX_PRODUCT_WORDS = 24;
/** Searches offered by a search that found nothing. */
const SEARCHES_INSTEAD = 4;

/** Whether a search, understood as the results page would, finds any product. */
async function finds(db: Db, knowledge: QueryKnowledge, search: string): Promise<boolean> {
  return searchFindsAny(db, searchTerms(understandQuery(search, knowledge).words));
}

/**
 * The first `limit` of the candidate searches that find something, each once: two searches that
 * look up the same words are one ("neela" and "neeli" are one colour), the first offered.
 */
async function thoseThatFind(db: Db, knowledge: QueryKnowledge, candidates: Iterable<string>, limit: number) {
  const found: string[] = [];
  const tried = new Set<string>();
  for (const candidate of candidates) {
    if (found.length >= limit) break;
    const key = understandQuery(candidate, knowledge)
      .words.map((word) => [word.word, ...word.alternatives].sort().join("|"))
      .join(" ");
    if (!key || tried.has(key)) continue;
    tried.add(key);
    if (await finds(db, knowledge, candidate)) found.push(candidate);
  }
  return found;
}

/**
 * Suggestions for what is typed so far, from the same index: the shop's words that complete the
 * last word, in the index's one spelling ("lehenga", never "lehnga"), offered only when the search
 * they make finds something; and the products that have every word (the last as a prefix or one of
 * its completions), best first.
 */
export async function suggestSearch(db: Db, q: string): Promise<Suggestions> {
  const typed = typedWords(q).slice(0, MAX_QUERY_WORDS);
  const last = typed.at(-1);
  if (!last || q.trim().length < 2) return { searches: [], products: [] };
  const knowledge = await searchKnowledge(db);
  const headText = typed
    .slice(0, -1)
    .map((word) => word.shown)
    .join(" ");
  const head = understandQuery(headText, knowledge);
  const lastWord = canonicalWord(last.raw, knowledge.spellings);
  const fold = (word: string) => canonicalWord(word, knowledge.spellings);
  const whole = knowledge.vocabulary.has(lastWord) ? [lastWord] : [];
  const corrected = whole.length === 0 ? knowledge.vocabulary.correct(lastWord) : null;
  const completions = knowledge.vocabulary.completions(last.raw.replaceAll("-", ""), SUGGESTED_SEARCHES * 3).map(fold);
  const words = [...new Set([...whole, ...(corrected ? [fold(corrected)] : []), ...completions])].filter(
    (word) => !head.words.some((known) => known.word === word),
  );
  const shownHead = shownWords(headText, head);
  const searches = await thoseThatFind(
    db,
    knowledge,
    words.map((word) => (shownHead ? `${shownHead} ${word}` : word)),
    SUGGESTED_SEARCHES,
  );
  // The products: the last word as a prefix, or the words it completes to, or what those find.
  const relations = knowledge.relations ?? SEED_RELATIONS;
  const completed = [...new Set([...whole, ...(corrected ? [fold(corrected)] : []), ...completions.slice(0, 3)])];
  const lastTerm: SearchTerm = {
    word: lastWord,
    prefix: true,
    or: [...new Set(completed.flatMap((word) => [word, ...relations.alternatives(word)]))]
      .filter((word) => word !== lastWord)
      .slice(0, MAX_PRODUCT_WORDS)
      .map((word): TermWord => ({ word, prefix: false })),
  };
  const products = await findSuggestedProducts(db, [...searchTerms(head.words), lastTerm], SUGGESTED_PRODUCTS);
  return { searches, products };
}

/** The words typed so far as the shopper wrote them, a corrected word as corrected. */
function shownWords(text: string, understood: UnderstoodQuery): string {
  return typedWords(text)
    .map((word, position) => {
      const known = understood.words.find((each) => each.position === position);
      return known?.corrected ? known.word : word.shown;
    })
    .join(" ");
}

/**
 * For a search that found nothing: searches of the whole shop that do find something, nearest
 * first. When filters or a collection narrowed it, the same words in the whole shop; then each of
 * its words alone; then the shop's words nearest to each word; then the garment types most products
 * have, so that a shop with products always offers something.
 */
export async function searchesInstead(db: Db, q: string, narrowed: boolean): Promise<string[]> {
  const knowledge = await searchKnowledge(db);
  const understood = understandQuery(q, knowledge);
  const candidates: string[] = [];
  if (narrowed) candidates.push(q);
  const words = [...understood.words].sort((a, b) => b.importance - a.importance || a.position - b.position);
  if (words.length > 1) for (const word of words) candidates.push(word.corrected ? word.word : word.shown);
  for (const word of words) {
    for (const near of knowledge.vocabulary.nearby(word.word, SEARCHES_INSTEAD)) {
      candidates.push(canonicalWord(near, knowledge.spellings));
    }
  }
  candidates.push(...(knowledge.popularTypes ?? []).slice(0, SEARCHES_INSTEAD * 2));
  return thoseThatFind(db, knowledge, candidates, SEARCHES_INSTEAD);
}
