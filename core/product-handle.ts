/*
 * A product's handle names it in product files (Shopify's "Handle" column, record 41): lower-case
 * letters, digits and hyphens. The shop's rule for a product of its own is the title's words and
 * the product's id, "zainab-embroidered-lawn-suit-12": readable, and unique because of the id,
 * whatever two titles share.
 */

export const HANDLE_MAX_LENGTH = 200;
/** The title's part of a handle is cut at a word to at most this many characters. */
const TITLE_PART_LENGTH = 60;

/** A handle as the shop compares it: spaces around it dropped, letters lower-cased. */
export function normalizeHandle(text: string): string {
  return text.trim().toLowerCase();
}

/** A title's words in handle form: accents taken off, anything else than a–z and 0–9 a hyphen. */
function titleWords(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The handle of the product with this id and title ("Zoë's Kurta (Red)", 7 → "zoe-s-kurta-red-7"). */
export function productHandle(title: string, id: number): string {
  let words = titleWords(title);
  if (words.length > TITLE_PART_LENGTH) {
    const cut = words.slice(0, TITLE_PART_LENGTH + 1);
    const hyphen = cut.lastIndexOf("-");
    words = (hyphen > 0 ? cut.slice(0, hyphen) : cut.slice(0, TITLE_PART_LENGTH)).replace(/-+$/, "");
  }
  // A title with no Latin letters or digits (all Devanagari, say) still gets a handle.
  return `${words || "product"}-${id}`;
}

/** Why a handle (already normalised) cannot be one, in words that follow "Handle: "; undefined when it can. */
export function handleProblem(handle: string): string | undefined {
  if (handle === "") return "the handle is empty: every row names its product's handle.";
  if (handle.length > HANDLE_MAX_LENGTH) return `the handle is longer than ${HANDLE_MAX_LENGTH} characters.`;
  if (!/^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/.test(handle)) {
    return `'${handle}' is not a handle: use lower-case letters a–z, digits and hyphens, such as red-silk-saree.`;
  }
  return undefined;
}
