import { COLLECTIONS } from "#core/collections.ts";
import { collectionTitle } from "../../locales/collection-names.ts";
import type { Translate } from "../../locales/i18n.ts";

/**
 * A product's category line in the page's language: a category typed as one of the collections'
 * names ("Pakistani Suits", "jewellery") is said as that collection is; any other category is the
 * shop's own word and shows as typed.
 */
export function categoryName(t: Translate, category: string): string {
  const key = category.trim().toLowerCase();
  const collection = COLLECTIONS.find(
    (entry) => entry.label.toLowerCase() === key || entry.title.toLowerCase() === key,
  );
  return collection ? collectionTitle(t, collection) : category;
}
