/*
 * The search box's suggestions, for the box on every page (a React component) and for its island on
 * the HTML-first pages: what /search/suggest answers, as the options of the list.
 */

export type SuggestionOption = { label: string; href: string; kind: "search" | "product" };
type Suggestions = { searches: string[]; products: { id: number; title: string }[] };

/** Suggestions are asked for once typing pauses this long. */
export const DEBOUNCE_MS = 150;

function toOptions(found: Suggestions): SuggestionOption[] {
  return [
    ...found.searches.map(
      (search): SuggestionOption => ({
        label: search,
        href: `/allproducts?q=${encodeURIComponent(search)}`,
        kind: "search",
      }),
    ),
    ...found.products.map(
      (product): SuggestionOption => ({
        label: product.title,
        href: `/productinfo/${product.id}`,
        kind: "product",
      }),
    ),
  ];
}

/** The options for what is typed, or null when the shop could not answer (the box still searches). */
export async function suggestionsFrom(text: string): Promise<SuggestionOption[] | null> {
  const response = await fetch(`/search/suggest?q=${encodeURIComponent(text)}`);
  if (!response.ok) return null;
  return toOptions((await response.json()) as Suggestions);
}
