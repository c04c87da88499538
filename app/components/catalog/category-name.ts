import { COLLECTIONS } from "#core/collections.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";
import { collectionLabel, collectionTitle } from "../../locales/collection-names.ts";
import type { Translate } from "../../locales/i18n.ts";

/**
 * A product's category line in the page's language: a category typed as one of the collections'
 * names ("Pakistani Suits", "More Products") is said as that collection is; any other category is
 * the shop's own word and shows as typed, as it does on an English page.
 */
export function categoryName(t: Translate, locale: Locale, category: string): string {
  if (locale === DEFAULT_LOCALE) return category;
  const key = category.trim().toLowerCase();
  const byLabel = COLLECTIONS.find((entry) => entry.label.toLowerCase() === key);
  if (byLabel) return collectionLabel(t, byLabel);
  const byTitle = COLLECTIONS.find((entry) => entry.title.toLowerCase() === key);
  return byTitle ? collectionTitle(t, byTitle) : category;
}
