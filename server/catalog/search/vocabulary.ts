/**
 * The shop's own words (product titles, types, categories and fabrics, and the spellings the shop
 * knows), and the nearest of them to a word no product uses: within one edit for short words, two
 * for longer ones. A SymSpell-style index: every word is stored under each string it gives with up
 * to two letters deleted, so a lookup generates the typed word's own deletions (a few dozen) and
 * checks only the words filed under them; it never walks the vocabulary.
 */
export class Vocabulary {
  readonly #counts = new Map<string, number>();
  readonly #deletes = new Map<string, string[]>();

  /** `words`: each word of the shop with how many products use it (more use wins a tie). */
  constructor(words: Iterable<readonly [string, number]>) {
    for (const [word, count] of words) {
      const known = this.#counts.get(word);
      this.#counts.set(word, (known ?? 0) + count);
      if (known !== undefined || !isCorrectable(word)) continue;
      for (const deleted of deletions(word, maxEdits(word.length))) {
        const filed = this.#deletes.get(deleted);
        if (filed) filed.push(word);
        else this.#deletes.set(deleted, [word]);
      }
    }
  }

  get size(): number {
    return this.#counts.size;
  }

  has(word: string): boolean {
    return this.#counts.has(word);
  }

  /** The known word nearest to `word` (fewest edits, then most used, then first by alphabet), or null. */
  correct(word: string): string | null {
    if (this.#counts.has(word) || !isCorrectable(word)) return null;
    const limit = maxEdits(word.length);
    let best: Candidate | null = null;
    for (const candidate of this.#candidates(word, limit)) {
      const found = this.#near(word, candidate, limit);
      if (found && (!best || better(found, best))) best = found;
    }
    return best?.word ?? null;
  }

  /**
   * The words near `word` (within the edits `correct` allows) that find something, nearest and most
   * used first: what an empty result offers instead.
   */
  nearby(word: string, limit: number): string[] {
    if (!isCorrectable(word)) return [];
    const edits = maxEdits(word.length);
    const found: Candidate[] = [];
    for (const candidate of this.#candidates(word, edits)) {
      const near = candidate === word ? null : this.#near(word, candidate, edits);
      if (near) found.push(near);
    }
    return found
      .sort((a, b) => (better(a, b) ? -1 : 1))
      .slice(0, limit)
      .map((candidate) => candidate.word);
  }

  /**
   * A candidate within the allowed edits, with its distance and use; none for a word no product uses
   * (a spelling or colour of its own counts the products of the words it finds, search-knowledge.ts):
   * a correction must find something.
   */
  #near(word: string, candidate: string, limit: number): Candidate | null {
    const count = this.#counts.get(candidate) ?? 0;
    if (count === 0) return null;
    const distance = editDistance(word, candidate, limit);
    if (distance > limit || distance > maxEdits(candidate.length)) return null;
    return { word: candidate, distance, count };
  }

  /** The words filed under any of the word's deletions: the only ones that can be near it. */
  #candidates(word: string, limit: number): Set<string> {
    const candidates = new Set<string>();
    for (const deleted of deletions(word, limit)) {
      for (const candidate of this.#deletes.get(deleted) ?? []) candidates.add(candidate);
    }
    return candidates;
  }

  /** How many products use the word (for a spelling or colour, the words it finds), 0 for an unknown one. */
  count(word: string): number {
    return this.#counts.get(word) ?? 0;
  }

  /** Known words that start with `prefix` and find something, most used first: for suggestions. */
  completions(prefix: string, limit: number): string[] {
    if (prefix.length < 2) return [];
    const found: [string, number][] = [];
    for (const [word, count] of this.#counts) {
      if (count > 0 && word.startsWith(prefix) && word !== prefix) found.push([word, count]);
    }
    return found
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([word]) => word);
  }
}

type Candidate = { word: string; distance: number; count: number };

function better(a: Candidate, b: Candidate): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  if (a.count !== b.count) return a.count > b.count;
  return a.word < b.word;
}

/** Numbers and very short words are never corrected: "no 12" must not become "no 13". */
function isCorrectable(word: string): boolean {
  return word.length >= 4 && word.length <= 30 && !/\d/.test(word);
}

/** Under 4 letters: none; 4 or 5: one edit; 6 and more: two ("anarkalli" → anarkali, "dupata" → dupatta). */
export function maxEdits(length: number): number {
  if (length < 4) return 0;
  if (length < 6) return 1;
  return 2;
}

/** The word and every string made from it by deleting up to `edits` letters. */
function deletions(word: string, edits: number): Set<string> {
  const found = new Set([word]);
  let layer = [word];
  for (let round = 0; round < edits; round++) {
    const next: string[] = [];
    for (const item of layer) {
      for (let i = 0; i < item.length; i++) {
        const shorter = item.slice(0, i) + item.slice(i + 1);
        if (!found.has(shorter)) {
          found.add(shorter);
          next.push(shorter);
        }
      }
    }
    layer = next;
  }
  return found;
}

/** Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps), capped. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = value;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
