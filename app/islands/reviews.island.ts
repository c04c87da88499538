import { knownVisitor } from "../lib/known-visitor.ts";
import { formFields, fragment } from "./fragments.ts";

/**
 * The product page's reviews: sorted and filtered as chosen, a page at a time, as the shop renders
 * them; the first page again with the shopper's own votes once the page is up (a browser with the
 * visitor mark may have some); "Was this helpful?" answered in place.
 */
export function reviews(element: HTMLElement): void {
  const path = `/productinfo/${element.dataset.product}/reviews`;
  const sort = element.querySelector<HTMLSelectElement>('select[name="sort"]');
  const photos = element.querySelector<HTMLInputElement>('input[name="photos"]');
  const more = element.querySelector<HTMLButtonElement>("[data-more-reviews]");
  if (!sort || !photos || !more) return;
  let next = 2;
  const load = async (page: number) => {
    const list = element.querySelector("[data-review-list]");
    list?.setAttribute("aria-busy", "true");
    more.disabled = true;
    const words = more.textContent;
    more.textContent = more.dataset.loading ?? "";
    const answer = await fragment(path, {
      view: "html",
      sort: sort.value,
      page: String(page),
      ...(photos.checked ? { photos: "1" } : {}),
    });
    more.textContent = words;
    more.disabled = false;
    list?.removeAttribute("aria-busy");
    const shown = answer?.body.firstElementChild as HTMLElement | null;
    if (!shown) return;
    if (page === 1) replaceList(element, shown);
    else list?.append(...(shown.querySelector("[data-review-list]")?.children ?? []));
    more.hidden = shown.dataset.hasNext !== "true";
    next = page + 1;
  };
  sort.addEventListener("change", () => void load(1));
  photos.addEventListener("change", () => void load(1));
  more.addEventListener("click", () => void load(next));
  element.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches("[data-helpful-vote]")) return;
    event.preventDefault();
    void vote(form, path);
  });
  void knownVisitor().then((known) => {
    if (known) void load(1);
  });
}

/** The first page, and the "no reviews with photos" line, in place of those shown. */
function replaceList(element: HTMLElement, shown: HTMLElement): void {
  for (const old of element.querySelectorAll("[data-review-list], [data-review-list] + p")) old.remove();
  element.querySelector("[data-more-reviews]")?.before(...shown.childNodes);
}

/** A vote: the line with the new count, or the refusal beside it. */
async function vote(form: HTMLFormElement, path: string): Promise<void> {
  const button = form.querySelector("button");
  if (button?.disabled) return;
  if (button) button.disabled = true;
  const answer = await fragment(path, { view: "html" }, { method: "POST", body: formFields(form) });
  const refusal = answer?.querySelector("[data-vote-refusal]");
  const id = form.querySelector('input[name="reviewId"]');
  if (refusal) {
    form.querySelector("[data-vote-refusal]")?.remove();
    form.append(refusal);
    if (button) button.disabled = false;
  } else if (answer && id) {
    form.replaceChildren(id, ...answer.body.childNodes);
  } else if (button) {
    button.disabled = false;
  }
}
