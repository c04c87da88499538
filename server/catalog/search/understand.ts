import { SEED_RELATIONS, type WordRelations } from "./synonyms.ts";
import type { Vocabulary } from "./vocabulary.ts";
import { canonicalWord, rawWords } from "./words.ts";

/** One word of a search as the index is asked for it. */
export type QueryWord = {
  /** What the shopper typed, folded to lower-case Latin letters. */
  typed: string;
  /** The word as the shopper wrote it ("Kurtis", "कुर्ता"), for what the page says about the search. */
  shown: string;
  /** Its place among the search's words. */
  position: number;
  /** The word looked up: one spelling, singular, corrected when the shop has no such word. */
  word: string;
  /** The other words it also finds: synonyms, and the narrower words of a broader one (synonyms.ts). */
  alternatives: readonly string[];
  /** True when `word` is a correction of a word the shop does not use. */
  corrected: boolean;
  /** False for a word the shop does not know and could not correct: looked up as a prefix. */
  known: boolean;
  /** 2 for a garment type or collection word (or one that finds them), 1 for another word products use, 0 otherwise. */
  importance: number;
};

/** A filler word the search left out, as written, and its place. */
export type IgnoredWord = { shown: string; position: number };

export type UnderstoodQuery = {
  words: QueryWord[];
  /** Filler words left out of the search ("for", "with"); none when the search has no other word. */
  ignored: IgnoredWord[];
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
  /** The same, the most used first. */
  popularTypes?: readonly string[];
  /** Synonyms, broader words and filler words; the seed list when not given. */
  relations?: WordRelations;
};

/** At most this many words of a search are used; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;

/** The search's words as written ("Kurtis", "कुर्ता") beside their folded forms, in order. */
export function typedWords(q: string): { raw: string; shown: string }[] {
  const found: { raw: string; shown: string }[] = [];
  for (const token of q.split(/\s+/)) {
    const raws = rawWords(token);
    const trimmed = token.replace(/^[^\p{L}\p{N}\p{M}]+|[^\p{L}\p{N}\p{M}]+$/gu, "");
    for (const raw of raws) found.push({ raw, shown: raws.length === 1 ? trimmed : raw });
  }
  return found;
}

/**
 * A shopper's search as the index is asked for it: Devanagari in Latin letters, each word in the
 * shop's one spelling and singular, each word the shop does not use corrected to its nearest word
 * within one or two edits when there is one, with the words it also finds, and filler words left out
 * while others remain. Pure: the same on both engines.
 */
export function understandQuery(q: string, knowledge: QueryKnowledge): UnderstoodQuery {
  const understood = readWords(q, knowledge, true);
  // A search of filler words alone ("for") is searched as it is.
  return understood.words.length > 0 ? understood : readWords(q, knowledge, false);
}

function readWords(q: string, knowledge: QueryKnowledge, leaveOutFillers: boolean): UnderstoodQuery {
  const relations = knowledge.relations ?? SEED_RELATIONS;
  const words: QueryWord[] = [];
  const ignored: IgnoredWord[] = [];
  const seen = new Set<string>();
  for (const [position, { raw, shown }] of typedWords(q).slice(0, MAX_QUERY_WORDS).entries()) {
    const typed = raw.replaceAll("-", "");
    const folded = canonicalWord(raw, knowledge.spellings);
    if (leaveOutFillers && relations.isIgnored(folded)) {
      ignored.push({ shown, position });
      continue;
    }
    const { word, corrected, known } = lookUp(folded, typed, knowledge, relations);
    if (word.length === 0 || seen.has(word)) continue;
    seen.add(word);
    const alternatives = relations.alternatives(word);
    const important = [word, ...alternatives].some((each) => knowledge.importantWords.has(each));
    // A word the shop knows but no product has ("teal") is left out as soon as an unknown one.
    const importance = important ? 2 : known && knowledge.vocabulary.count(word) > 0 ? 1 : 0;
    words.push({ typed, shown, position, word, alternatives, corrected, known, importance });
  }
  return { words, ignored, corrected: words.some((word) => word.corrected) };
}

/** A folded word as the index is asked for it: kept when the shop knows it, else corrected when it can be. */
function lookUp(folded: string, typed: string, knowledge: QueryKnowledge, relations: WordRelations) {
  if (knowledge.vocabulary.has(folded) || relations.knows(folded))
    return { word: folded, corrected: false, known: true };
  const nearest = knowledge.vocabulary.correct(folded);
  if (!nearest) return { word: folded, corrected: false, known: false };
  const word = canonicalWord(nearest, knowledge.spellings);
  return { word, corrected: word !== typed, known: true };
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

/**
 * The words as the shopper reads them in "Showing results for …": their own words, except that a
 * corrected word shows the correction.
 */
export function wordsText(words: readonly QueryWord[]): string {
  return words.map((word) => (word.corrected ? word.word : word.shown)).join(" ");
}

/**
 * The shopper's words a search left out, as written and in order: each dropped word, with the
 * filler words just before it ("for office" of "kurtis for office").
 */
export function droppedText(understood: UnderstoodQuery, kept: readonly QueryWord[]): string[] {
  const keptPositions = new Set(kept.map((word) => word.position));
  const dropped = understood.words.filter((word) => !keptPositions.has(word.position));
  if (dropped.length === 0) return [];
  const droppedPositions = new Set(dropped.map((word) => word.position));
  const nextWord = (position: number) =>
    understood.words.find((word) => word.position > position)?.position ?? Number.POSITIVE_INFINITY;
  const fillers = understood.ignored.filter((filler) => droppedPositions.has(nextWord(filler.position)));
  return [...dropped, ...fillers].sort((a, b) => a.position - b.position).map((word) => word.shown);
}
