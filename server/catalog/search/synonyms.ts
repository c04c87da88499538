import seed from "./synonyms.json" with { type: "json" };
import { canonicalWord, SEED_SPELLINGS } from "./words.ts";

/** At most this many other words are searched for one word: a search stays a handful of index lookups. */
const MAX_ALTERNATIVES = 24;

type RelationsSource = {
  ignored: readonly string[];
  synonyms: readonly (readonly string[])[];
  families: Readonly<Record<string, readonly string[]>>;
  colours: Readonly<Record<string, { names: readonly string[]; shades: readonly string[] }>>;
};

/**
 * What a search word also finds, decided when the search is made (the index keeps each product's own
 * words): a synonym ("salwar" and "suit" and "सूट"), the narrower words of a broader one ("blue" finds
 * indigo and navy, "earrings" finds jhumkas; never the other way), and the filler words a search
 * leaves out ("kurtis for office"). Every word is kept in the index's spelling (words.ts).
 */
export class WordRelations {
  /** Each word's words that it finds directly: both ways for synonyms, one way for a family. */
  readonly #finds = new Map<string, Set<string>>();
  readonly #alternatives = new Map<string, readonly string[]>();
  readonly #ignored: ReadonlySet<string>;
  #known: ReadonlySet<string> | null = null;

  constructor(source: RelationsSource, spellings: ReadonlyMap<string, string> = SEED_SPELLINGS) {
    const fold = (word: string) => canonicalWord(word, spellings);
    this.#ignored = new Set(source.ignored.map(fold));
    const groups = [...source.synonyms, ...Object.values(source.colours).map((colour) => colour.names)];
    for (const group of groups) {
      const words = group.map(fold);
      for (const word of words) for (const other of words) this.#link(word, other);
    }
    const families: [string, readonly string[]][] = [
      ...Object.entries(source.families),
      ...Object.entries(source.colours).map(([name, colour]): [string, readonly string[]] => [name, colour.shades]),
    ];
    for (const [broader, narrower] of families) for (const word of narrower) this.#link(fold(broader), fold(word));
  }

  #link(from: string, to: string): void {
    if (!from || !to || from === to) return;
    const found = this.#finds.get(from);
    if (found) found.add(to);
    else this.#finds.set(from, new Set([to]));
  }

  /** The other words a search for `word` also finds, nearest first (each link followed to its end). */
  alternatives(word: string): readonly string[] {
    const known = this.#alternatives.get(word);
    if (known) return known;
    const found: string[] = [];
    const seen = new Set([word]);
    let layer = [word];
    while (layer.length > 0 && found.length < MAX_ALTERNATIVES) {
      const next: string[] = [];
      for (const current of layer) {
        for (const other of this.#finds.get(current) ?? []) {
          if (seen.has(other)) continue;
          seen.add(other);
          found.push(other);
          next.push(other);
        }
      }
      layer = next;
    }
    const alternatives = found.slice(0, MAX_ALTERNATIVES);
    this.#alternatives.set(word, alternatives);
    return alternatives;
  }

  /** A filler word ("for", "with", "ke"), left out while the search has other words. */
  isIgnored(word: string): boolean {
    return this.#ignored.has(word);
  }

  /** Every word named here (filler words aside): the shop knows them even when no product uses them. */
  words(): Set<string> {
    const words = new Set(this.#finds.keys());
    for (const found of this.#finds.values()) for (const word of found) words.add(word);
    return words;
  }

  knows(word: string): boolean {
    this.#known ??= this.words();
    return this.#known.has(word);
  }
}

export const SEED_RELATIONS = new WordRelations(seed);
