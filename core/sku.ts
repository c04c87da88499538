import type { Size } from "./sizes.ts";

/*
 * A size of a product is a variant with its own SKU, the code the warehouse counts and picks by.
 * SKUs are the shop's own: upper-case letters, digits and a few separators, unique across the shop
 * (compared as written here, after upper-casing). The shop proposes one; the admin may change it.
 */

export const SKU_MAX_LENGTH = 40;
export const SKU_PREFIX = "KSR";

const SKU_PATTERN = /^[A-Z0-9](?:[A-Z0-9._/-]*[A-Z0-9])?$/;

/** An SKU as the shop keeps it: spaces around it dropped, letters upper-cased ("ksr-12-m " → "KSR-12-M"). */
export function normalizeSku(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Why an SKU (already normalised) cannot be one, in words that follow "SKU: "; undefined when it can. Letters A–Z,
 * digits, and inside them "-", "_", "." or "/"; at most 40 characters. Spaces are refused: a
 * scanner or a spreadsheet drops or doubles them unseen.
 */
export function skuProblem(sku: string): string | undefined {
  if (sku === "") return "the SKU is empty.";
  if (sku.length > SKU_MAX_LENGTH) return `'${sku}' is longer than an SKU may be (${SKU_MAX_LENGTH} characters).`;
  if (!SKU_PATTERN.test(sku)) {
    return `'${sku}' is not an SKU: use letters A–Z and digits, with "-", "_", "." or "/" between them, and no spaces.`;
  }
  return undefined;
}

/** A size as an SKU writes it: S, M, L, XL, UK3 … UK8, and OS for One Size. */
export function sizeCode(size: Size): string {
  return size === "One Size" ? "OS" : size.replaceAll(" ", "");
}

/** What stands for the product in its SKUs: its id, or the start of its handle (at most 20 characters). */
function productPart(product: number | string): string {
  if (typeof product === "number") return String(product);
  const words = product
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words.length <= 20) return words || "P";
  const cut = words.slice(0, 20);
  // Cut at a hyphen when one falls in the second half, so that no word is left half-written.
  const hyphen = cut.lastIndexOf("-");
  return (hyphen >= 10 ? cut.slice(0, hyphen) : cut).replace(/-+$/, "");
}

/**
 * The SKU the shop proposes for a size: `KSR-<product id or handle part>-<size>` ("KSR-12-M",
 * "KSR-ZAINAB-LAWN-SUIT-UK5"). When that one is taken, `-2`, `-3`… is added until one is free.
 */
export function proposeSku(
  product: number | string,
  size: Size,
  taken: (sku: string) => boolean = () => false,
): string {
  const base = `${SKU_PREFIX}-${productPart(product)}-${sizeCode(size)}`;
  if (!taken(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
