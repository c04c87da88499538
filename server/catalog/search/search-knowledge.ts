import { COLLECTIONS } from "#core/collections.ts";
import type { Db } from "../../db/schema.ts";
import { catalogVersion } from "../catalog-version.ts";
import { findCatalogueWords, findCatalogueWordsStamp } from "./product-search.repository.ts";
import { findSynonyms, findSynonymsStamp } from "./search.repository.ts";
import { SEED_RELATIONS } from "./synonyms.ts";
import type { QueryKnowledge } from "./understand.ts";
import { Vocabulary } from "./vocabulary.ts";
import { SEED_SPELLINGS, searchWords } from "./words.ts";

type Known = { stamp: string; knowledge: QueryKnowledge };

/**
 * What query understanding knows of this shop (its words, the spellings and synonyms), kept per
 * database handle. It is made again only when the catalogue's words may have changed: the catalogue
 * version moved (every product or stock change) and then a product was added, edited or archived, or
 * a synonym added. A stock change alone costs one small query. Builds are shared by concurrent
 * searches.
 */
class SearchKnowledge {
  readonly #db: Db;
  #known: Known | null = null;
  #checkedVersion = -1;
  #building: Promise<QueryKnowledge> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  async current(): Promise<QueryKnowledge> {
    const version = await catalogVersion(this.#db).current();
    if (this.#known && version === this.#checkedVersion) return this.#known.knowledge;
    this.#building ??= this.#refresh(version).finally(() => {
      this.#building = null;
    });
    return this.#building;
  }

  async #refresh(version: number): Promise<QueryKnowledge> {
    const [products, synonyms] = await Promise.all([findCatalogueWordsStamp(this.#db), findSynonymsStamp(this.#db)]);
    const stamp = `${products}/${synonyms}`;
    if (!this.#known || this.#known.stamp !== stamp) this.#known = { stamp, knowledge: await this.#build() };
    this.#checkedVersion = version;
    return this.#known.knowledge;
  }

  async #build(): Promise<QueryKnowledge> {
    const [{ counts, kindWords, types, popularTypes }, synonyms] = await Promise.all([
      findCatalogueWords(this.#db),
      findSynonyms(this.#db),
    ]);
    const spellings = new Map(SEED_SPELLINGS);
    for (const synonym of synonyms) spellings.set(synonym.word, synonym.target);
    const relations = SEED_RELATIONS;
    // A word with synonyms or narrower words counts the products of every word it finds ("blue"
    // counts the indigo ones), so that it is offered and corrected to when it finds something.
    const finding = (word: string) =>
      [word, ...relations.alternatives(word)].reduce((sum, each) => sum + (counts.get(each) ?? 0), 0);
    const words = new Map<string, number>();
    for (const [word, count] of counts) words.set(word, count);
    for (const word of relations.words()) words.set(word, finding(word));
    // The spellings' own words are the shop's words too ("salvar" is corrected to "salwar", then
    // folded), counting what the word they stand for finds.
    for (const [variant, target] of spellings) {
      if (!words.has(target)) words.set(target, finding(target));
      if (!words.has(variant)) words.set(variant, words.get(target) ?? 0);
    }
    const importantWords = new Set(kindWords);
    for (const collection of COLLECTIONS) for (const word of searchWords(collection.title)) importantWords.add(word);
    return { vocabulary: new Vocabulary(words), spellings, importantWords, types, popularTypes, relations };
  }
}

const knowledge = new WeakMap<Db, SearchKnowledge>();

export function searchKnowledge(db: Db): Promise<QueryKnowledge> {
  let entry = knowledge.get(db);
  if (!entry) {
    entry = new SearchKnowledge(db);
    knowledge.set(db, entry);
  }
  return entry.current();
}
