import { fetchHtml, formFields } from "./fragments.ts";
import { announceNewParts } from "./new-parts.ts";

/** How long a choice made with the arrow keys must stay before the results follow it. */
const SETTLE_MS = 700;

/**
 * The listing's filter panel. A choice made with the mouse applies at once; one made with the arrow
 * keys when it settles (or on Enter, or on leaving the field), so a keyboard user can browse the
 * options without the page changing under them. The results come in place (the listing's parts
 * marked `data-listing-part`), the address follows, and focus stays where it is. On a phone the
 * panel folds behind its Filters button.
 */
export function filterPanel(aside: HTMLElement): void {
  const toggle = aside.querySelector<HTMLButtonElement>("[data-filters-toggle]");
  const panel = document.getElementById(toggle?.getAttribute("aria-controls") ?? "");
  toggle?.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    panel?.classList.toggle("hidden", !open);
    panel?.classList.toggle("block", open);
  });
  const form = aside.querySelector("form");
  if (!form) return;
  let pending: number | undefined;
  let byKeyboard = false;
  const apply = () => {
    clearTimeout(pending);
    pending = undefined;
    void showResults(form);
  };
  for (const select of form.querySelectorAll("select")) {
    select.addEventListener("change", () => {
      if (!byKeyboard) return apply();
      clearTimeout(pending);
      pending = window.setTimeout(apply, SETTLE_MS);
    });
    select.addEventListener("blur", () => {
      if (pending !== undefined) apply();
    });
    select.addEventListener("keydown", (event) => {
      byKeyboard = true;
      if (event.key === "Enter" && pending !== undefined) apply();
    });
    select.addEventListener("pointerdown", () => {
      byKeyboard = false;
    });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply();
  });
}

/** The listing for the form's choices, fetched as a page and put in place of this one's parts. */
async function showResults(form: HTMLFormElement): Promise<void> {
  const url = new URL(form.action, location.href);
  url.search = formFields(form).toString();
  const results = document.querySelector('[data-listing-part="results"]');
  results?.setAttribute("aria-busy", "true");
  try {
    // Anything but the page itself (an error, a redirect) is left to the browser to show.
    const page = await fetchHtml(url);
    if (!page) return location.assign(url);
    for (const fresh of page.querySelectorAll<HTMLElement>("[data-listing-part]")) {
      const part = fresh.dataset.listingPart;
      const current = document.querySelector(`[data-listing-part="${part}"]`);
      // The price field is left alone (and focus in it) unless what it says has changed.
      if (!current || (part === "max-price" && current.textContent === fresh.textContent)) continue;
      current.replaceWith(fresh);
    }
    history.replaceState(history.state, "", url);
    document.title = page.title;
    announceNewParts();
  } finally {
    document.querySelector('[data-listing-part="results"]')?.setAttribute("aria-busy", "false");
  }
}
