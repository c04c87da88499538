import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";
import type { Db, Executor } from "../db/schema.ts";
import { deleteTranslation, findTranslations, upsertTranslation } from "./product-translations.repository.ts";

/*
 * A product's text in another language (record 47): each field on its own, so a product with a Hindi
 * title and no Hindi description shows its title in Hindi and its description in English. A
 * translation remembers the English it was made from; when the English changes, it is stale until
 * someone writes it again.
 */

export const TRANSLATED_FIELDS = ["title", "description", "fabric"] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];
/** A product's English texts; a product may have no fabric. */
export type ProductTexts = Record<TranslatedField, string | null>;

/** One field's translation as the admin sees it. */
export type FieldTranslation = { value: string; stale: boolean };

/** The products with each field in the locale where it has a translation, in English where not. */
export function inLocale<Item extends { id: number } & Partial<ProductTexts>>(
  executor: Executor,
  locale: Locale,
  items: readonly Item[],
): Promise<Item[]> {
  return translated(executor, locale, items, (item) => item.id);
}

/** Cart, wishlist and checkout lines with their product's title in the locale (see `inLocale`). */
export function linesInLocale<Line extends { productId: number } & Partial<ProductTexts>>(
  executor: Executor,
  locale: Locale,
  lines: readonly Line[],
): Promise<Line[]> {
  return translated(executor, locale, lines, (line) => line.productId);
}

/** A cart or checkout as the page shows it, its lines' titles in the locale. */
export async function viewInLocale<View extends { lines: ({ productId: number } & Partial<ProductTexts>)[] }>(
  executor: Executor,
  locale: Locale,
  view: View,
): Promise<View> {
  return { ...view, lines: await linesInLocale(executor, locale, view.lines) };
}

async function translated<Item extends Partial<ProductTexts>>(
  executor: Executor,
  locale: Locale,
  items: readonly Item[],
  productOf: (item: Item) => number,
): Promise<Item[]> {
  if (locale === DEFAULT_LOCALE || items.length === 0) return [...items];
  const rows = await findTranslations(executor, locale, items.map(productOf));
  if (rows.length === 0) return [...items];
  const byProduct = byProductOf(rows);
  return items.map((item) => {
    const texts = byProduct.get(productOf(item));
    if (!texts) return item;
    const shown = { ...item };
    for (const field of TRANSLATED_FIELDS) {
      if (field in item && texts[field]) Object.assign(shown, { [field]: texts[field] });
    }
    return shown;
  });
}

/** Each product's translated fields in a locale, for product files; a product without any is absent. */
export async function translatedTexts(
  executor: Executor,
  locale: Locale,
  productIds: readonly number[],
): Promise<Map<number, Partial<Record<TranslatedField, string>>>> {
  return byProductOf(await findTranslations(executor, locale, productIds));
}

function byProductOf(rows: Awaited<ReturnType<typeof findTranslations>>) {
  const byProduct = new Map<number, Partial<Record<TranslatedField, string>>>();
  for (const row of rows) {
    if (!isTranslatedField(row.field)) continue;
    byProduct.set(row.productId, { ...byProduct.get(row.productId), [row.field]: row.value });
  }
  return byProduct;
}

/** One product in the locale (see `inLocale`). */
export async function productInLocale<Item extends { id: number } & Partial<ProductTexts>>(
  db: Db,
  locale: Locale,
  item: Item,
): Promise<Item> {
  const [translated] = await inLocale(db, locale, [item]);
  return translated ?? item;
}

/** A product's translations in a locale, each with whether the English changed since it was written. */
export async function translationsOf(
  executor: Executor,
  productId: number,
  locale: Locale,
  english: ProductTexts,
): Promise<Partial<Record<TranslatedField, FieldTranslation>>> {
  const rows = await findTranslations(executor, locale, [productId]);
  const result: Partial<Record<TranslatedField, FieldTranslation>> = {};
  for (const row of rows) {
    if (isTranslatedField(row.field)) {
      result[row.field] = { value: row.value, stale: row.sourceText !== (english[row.field] ?? "") };
    }
  }
  return result;
}

/**
 * Saves a product's translations as the editor (or a product file) sent them, in the product's
 * transaction: a field not sent is left as it is; an empty one removes its translation; a changed
 * one is stored against today's English; one sent back unchanged keeps the English it was made
 * from, so a translation stays stale until it is rewritten.
 */
export async function saveTranslations(
  trx: Executor,
  productId: number,
  locale: Locale,
  values: Partial<Record<TranslatedField, string>>,
  english: ProductTexts,
  now: number,
): Promise<void> {
  const current = await translationsOf(trx, productId, locale, english);
  for (const field of TRANSLATED_FIELDS) {
    if (values[field] === undefined) continue;
    const value = values[field].trim();
    const key = { productId, locale, field };
    if (!value) {
      if (current[field]) await deleteTranslation(trx, key);
      continue;
    }
    if (current[field]?.value === value) continue;
    await upsertTranslation(trx, { ...key, value, sourceText: english[field] ?? "", updatedAt: now });
  }
}

function isTranslatedField(field: string): field is TranslatedField {
  return (TRANSLATED_FIELDS as readonly string[]).includes(field);
}
