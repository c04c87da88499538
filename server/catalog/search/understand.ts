import type { Vocabulary } from "./vocabulary.ts";
import { canonicalWord, rawWords } from "./words.ts";

/** One word of a search as the index is asked for it. */
export type QueryWord = {
  /** What the shopper typed, folded to lower-case Latin letters. */
  typed: string;
  /** The word looked up: one spelling, singular, corrected when the shop has no such word. */
  word: string;
  /** True when `word` is a correction of a word the shop does not use. */
  corrected: boolean;
  /** False for a word the shop does not know and could not correct: looked up as a prefix. */
  known: boolean;
  /** 2 for a garment type or collection word, 1 for another word the shop uses, 0 otherwise. */
  importance: number;
};

export type UnderstoodQuery = {
  words: QueryWord[];
  /** True when what is looked up differs from what was typed (a correction). */
  corrected: boolean;
};

export type QueryKnowledge = {
  vocabulary: Vocabulary;
  /** The seed spellings and the administrator's synonyms: variant → word the index keeps. */
  spellings: ReadonlyMap<string, string>;
  /** The words of garment types and collections, the last to be dropped. */
  importantWords: ReadonlySet<string>;
  /** The shop's garment types as its products name them ("Kurta", "Tote Bag"). */
  types?: readonly string[];
};

/** At most this many words of a search are used; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;

/**
 * A shopper's search as the index is asked for it: Devanagari in Latin letters, each word in the
 * shop's one spelling and singular, and each word the shop does not use corrected to its nearest
 * word within one or two edits when there is one. Pure: the same on both engines.
 */
export function understandQuery(q: string, knowledge: QueryKnowledge): UnderstoodQuery {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  for (const raw of rawWords(q).slice(0, MAX_QUERY_WORDS)) {
    const typed = raw.replaceAll("-", "");
    let word = canonicalWord(raw, knowledge.spellings);
    let corrected = false;
    let known = knowledge.vocabulary.has(word);
    if (!known) {
      const nearest = knowledge.vocabulary.correct(word);
      if (nearest) {
        word = canonicalWord(nearest, knowledge.spellings);
        corrected = word !== typed;
        known = true;
      }
    }
    if (word.length === 0 || seen.has(word)) continue;
    seen.add(word);
    const importance = knowledge.importantWords.has(word) ? 2 : known ? 1 : 0;
    words.push({ typed, word, corrected, known, importance });
  }
  return { words, corrected: words.some((word) => word.corrected) };
}

/**
 * The search without its least important word: the last-typed of the words that matter least (a
 * word the shop does not know before a colour or fabric, and those before a garment type).
 */
export function withoutLeastImportant(words: readonly QueryWord[]): QueryWord[] {
  if (words.length <= 1) return [...words];
  let drop = 0;
  words.forEach((word, index) => {
    if (word.importance <= (words[drop]?.importance ?? 0)) drop = index;
  });
  return words.filter((_, index) => index !== drop);
}

/** The words as the shopper reads them in "Showing results for …". */
export function wordsText(words: readonly QueryWord[]): string {
  return words.map((word) => word.word).join(" ");
}
