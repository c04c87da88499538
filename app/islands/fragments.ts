/**
 * A part of the page as the shop renders it (a suggestion, an answer, a page of reviews), asked for
 * in the page's language and parsed (never run): null when the shop could not answer.
 */
export async function fragment(path: string, query: Record<string, string>): Promise<Document | null> {
  const search = new URLSearchParams({ ...query, lang: document.documentElement.lang });
  const response = await fetch(`${path}?${search}`, { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok) return null;
  return new DOMParser().parseFromString(await response.text(), "text/html");
}
