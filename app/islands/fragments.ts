/** A form's fields as the browser would send them, the button pressed among them. */
export function formFields(form: HTMLFormElement, submitter?: HTMLElement | null): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/**
 * The shop's HTML at `url`, parsed (never run: a parsed document's scripts never start); null when
 * the shop could not answer it as asked (an error, a redirect, no network).
 */
export async function fetchHtml(url: string | URL, init: RequestInit = {}): Promise<Document | null> {
  const response = await fetch(url, { credentials: "same-origin", ...init }).catch(() => null);
  if (!response?.ok || response.redirected) return null;
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

/**
 * A part of the page as the shop renders it (a suggestion, an answer, a page of reviews, a vote),
 * asked for in the page's language.
 */
export function fragment(path: string, query: Record<string, string>, init?: RequestInit): Promise<Document | null> {
  const search = new URLSearchParams({ ...query, lang: document.documentElement.lang });
  return fetchHtml(`${path}?${search}`, init);
}
