import { fetchHtml } from "./fragments.ts";
import { announceNewParts } from "./new-parts.ts";

/**
 * The shopper's own parts of the frame on an HTML-first page, which is rendered for a stranger
 * (the page cache): asked from /frame/parts as HTML, rendered by the same components for this
 * shopper at this page's address, and put in place of the parts marked `data-personal`; a toast the
 * server queued comes with them. Asked once the page is up (only by a browser with the visitor mark:
 * without it there is nothing of its own to ask for) and after each form an island sends.
 */
export async function refreshPersonalParts(): Promise<void> {
  const page = `${location.pathname}${location.search}`;
  const parts = await fetchHtml(`/frame/parts?page=${encodeURIComponent(page)}`);
  if (!parts) return;
  for (const fresh of parts.querySelectorAll<HTMLElement>("[data-personal]")) {
    document.querySelector(`[data-personal="${fresh.dataset.personal}"]`)?.replaceWith(fresh);
  }
  for (const toast of parts.querySelectorAll("template[data-island]")) document.body.append(toast);
  announceNewParts();
}
