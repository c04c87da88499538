import { COLLECTIONS, type CollectionFlag } from "#core/collections.ts";
import { parseRupees } from "#core/money.ts";
import { readWholeNumber } from "#core/numbers.ts";
import { SIZES, type Size } from "#core/sizes.ts";
import { hasGstRate } from "../../tax/gst-rates.ts";

/*
 * The cells of a product file, read by the shop's own rules (record 41). Each reader gives the
 * value, or why the cell cannot be one in plain words that follow "Line 4, Variant Price: ".
 */

export type Read<T> = { value: T } | { problem: string };

/** The most a product's price may be: ₹10,00,000, as the product form allows. */
const MAX_PRICE_PAISE = 100_000_000;
/** The most pieces of one size, as the product form allows. */
const MAX_STOCK = 1_000_000;

// Digits grouped by commas, the Indian way (12,34,567) or the international one (1,234,567).
const GROUPED = /^(?:[0-9]{1,2}(?:,[0-9]{2})*,[0-9]{3}|[0-9]{1,3}(?:,[0-9]{3})+)(?=\.|$)/;

/** A number with its grouping commas taken out where they group rightly; else as it was. */
function ungrouped(text: string): string {
  const grouped = GROUPED.exec(text);
  return grouped ? `${grouped[0].replaceAll(",", "")}${text.slice(grouped[0].length)}` : text;
}

/**
 * Rupees as a spreadsheet writes them: "1299", "1299.5", "1,299.00" or "1,29,999.00", read by the
 * house's amount reader once the grouping commas, where they group rightly, are taken out. "12,99"
 * and "12,99.x" are not amounts.
 */
export function readRupees(text: string): Read<number> {
  const paise = parseRupees(ungrouped(text));
  if (paise === undefined) return { problem: `'${text}' is not an amount: write rupees as 1299 or 1,299.00.` };
  if (paise === 0) return { problem: "a price of ₹0 cannot be sold: write the price in rupees." };
  if (paise > MAX_PRICE_PAISE) return { problem: `'${text}' is more than the ₹10,00,000 a price may be.` };
  return { value: paise };
}

/** A count of pieces: a whole number from 0, its digits grouped or not ("1,200"). */
export function readCount(text: string, max = MAX_STOCK): Read<number> {
  const count = readWholeNumber(ungrouped(text));
  if (count !== undefined && count <= max) return { value: count };
  if (/^-[0-9]+$/.test(text)) return { problem: `'${text}' is below zero: the shop counts pieces from 0.` };
  if (count !== undefined)
    return { problem: `'${text}' is more than the ${max.toLocaleString("en-IN")} pieces the shop counts.` };
  return { problem: `'${text}' is not a whole number of pieces.` };
}

const SIZE_WORDS = new Map<string, Size>([
  ...SIZES.map((size) => [sizeKey(size), size] as const),
  ["small", "S"],
  ["medium", "M"],
  ["large", "L"],
  ["extralarge", "XL"],
  ["xlarge", "XL"],
  ["freesize", "One Size"],
  // Shopify's name for the one variant of a product without options.
  ["defaulttitle", "One Size"],
]);

function sizeKey(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, "");
}

const SIZE_LIST = "S, M, L, XL, UK 3 to UK 8, and One Size";

/** A size the shop sells, however it is spelt: "m", "Medium", "uk5", "UK 5", "Free Size", "Default Title". */
export function readSize(text: string): Read<Size> {
  const size = SIZE_WORDS.get(sizeKey(text));
  if (size) return { value: size };
  return { problem: `${text} is not a size the shop sells (it sells ${SIZE_LIST}).` };
}

/** Shopify's TRUE and FALSE, in any case. */
export function readTrueFalse(text: string): Read<boolean> {
  const word = text.toLowerCase();
  if (word === "true") return { value: true };
  if (word === "false") return { value: false };
  return { problem: `'${text}' is neither TRUE nor FALSE.` };
}

export type ProductStatus = "active" | "draft" | "archived";

export function readStatus(text: string): Read<ProductStatus> {
  const word = text.toLowerCase();
  if (word === "active" || word === "draft" || word === "archived") return { value: word };
  return { problem: `'${text}' is not a status: use active, draft or archived.` };
}

/** A collection by its name in the category bar, its title or its address: "Ethnic", "More Products", "korean-trendy". */
function findCollection(name: string): CollectionFlag | undefined {
  const key = name.toLowerCase().replace(/\s+/g, " ");
  return COLLECTIONS.find((collection) =>
    [collection.label, collection.title, collection.slug].some((known) => known.toLowerCase() === key),
  )?.flag;
}

/** Collections named in one cell, separated by commas, in the order named (the first gives a new product its category). */
export function readCollections(text: string): Read<CollectionFlag[]> {
  const names = text
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => findCollection(name) === undefined);
  if (unknown.length > 0) {
    const list = COLLECTIONS.map((collection) => collection.label).join(", ");
    const which = unknown.map((name) => `'${name}'`).join(", ");
    return {
      problem: `${which} ${unknown.length === 1 ? "is not a collection" : "are not collections"} of the shop (${list}).`,
    };
  }
  return { value: [...new Set(names.map((name) => findCollection(name) as CollectionFlag))] };
}

/** Collections named among Shopify tags, in their order, for a file without the shop's Collections column. */
export function collectionsInTags(tags: string): CollectionFlag[] {
  return [...new Set(tags.split(",").flatMap((tag) => findCollection(tag.trim()) ?? []))];
}

/** An HSN code of 4, 6 or 8 digits that the shop has a GST rate for. */
export function readHsn(text: string, now: number): Read<string> {
  if (!/^[0-9]{4}(?:[0-9]{2}){0,2}$/.test(text))
    return { problem: `'${text}' is not an HSN code: it has 4, 6 or 8 digits.` };
  if (!hasGstRate(text, now)) {
    return { problem: `the shop has no GST rate for HSN ${text} yet: choose a code from the rate table.` };
  }
  return { value: text };
}

/** A picture's address: http or https, as the product form takes it. */
export function readImageUrl(text: string): Read<string> {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !/^https?:\/\//i.test(text) || /\s/.test(text)) {
    return { problem: `'${text.slice(0, 80)}' is not a picture's address: it starts with https://.` };
  }
  if (text.length > 2000) return { problem: "the picture's address is longer than 2,000 characters." };
  return { value: text };
}

/** Text the shop keeps up to a length; a title, a type or a category is one line. */
export function readText(text: string, max: number, what: string, oneLine = true): Read<string> {
  if (text.length > max) return { problem: `${what} is longer than ${max.toLocaleString("en-IN")} characters.` };
  if (oneLine && /[\r\n\t]/.test(text))
    return { problem: `${what} holds a line break or a tab: it is one line of text.` };
  return { value: text };
}
