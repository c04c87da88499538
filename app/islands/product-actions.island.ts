import { LOW_STOCK_THRESHOLD } from "#core/stock.ts";
import { LOW_STOCK_CLASS, SIZE_NEEDED_CLASS } from "../components/catalog/size-note.ts";
import { SAVED_HEART } from "../components/catalog/wishlist-marks.ts";
import { NEW_PARTS } from "./new-parts.ts";
import { postInPlace } from "./post-in-place.ts";
import { showToast } from "./toaster.island.ts";

/**
 * The product page's size and buttons. The note under the size says "Only N left", or that a size
 * is needed when Add To Cart or Order Now is pressed without one. Add To Cart and the wishlist are
 * sent in place (the counts and the toast follow); Order Now goes on to the checkout as the form
 * does. The wishlist button shows the shopper's own state once their parts of the frame arrive, and
 * a change as soon as it is sent.
 */
export function productActions(element: HTMLElement): void {
  const form = element.querySelector("form:not([data-wishlist])");
  const select = form?.querySelector("select");
  const note = form?.querySelector<HTMLElement>("[data-size-note]");
  if (!(form instanceof HTMLFormElement) || !select || !note) return;
  const needed = element.dataset.sizeNeeded ?? "";
  // A size chosen before the island started (a slow phone) is on screen: its note is written now.
  writeNote(note, select);
  select.addEventListener("change", () => writeNote(note, select));
  form.addEventListener("submit", (event) => {
    if (!select.value) {
      event.preventDefault();
      writeNote(note, select, needed);
      select.setAttribute("aria-invalid", "true");
      showToast("error", needed);
    } else if (event.submitter?.getAttribute("value") === "add") {
      event.preventDefault();
      void postInPlace(form, event.submitter);
    }
  });
  const wishlist = element.querySelector<HTMLFormElement>("form[data-wishlist]");
  if (wishlist) wishlistButton(wishlist, select);
}

/** The note: the reason a size is needed, else "Only N left" for a low size, else nothing. */
function writeNote(note: HTMLElement, select: HTMLSelectElement, needed?: string): void {
  const stock = Number(select.selectedOptions[0]?.dataset.stock ?? 0);
  const low = select.value && stock > 0 && stock <= LOW_STOCK_THRESHOLD;
  if (!needed) select.removeAttribute("aria-invalid");
  const text = needed ?? (low ? (note.dataset.onlyLeft ?? "").replace("{count}", String(stock)) : "");
  // Nothing to change (the page's start, most often): the page is not laid out again for nothing.
  if (note.textContent === text) return;
  const line = document.createElement("span");
  line.className = needed ? SIZE_NEEDED_CLASS : LOW_STOCK_CLASS;
  line.textContent = text;
  note.replaceChildren(...(text ? [line] : []));
}

/** Add To Wishlist ⇄ Wishlisted, with the size chosen (if any) remembered with it. */
function wishlistButton(form: HTMLFormElement, select: HTMLSelectElement): void {
  const productId = form.dataset.wishlist ?? "";
  const button = form.querySelector("button");
  const size = form.querySelector<HTMLInputElement>('input[name="size"]');
  if (!button || !size) return;
  const show = (saved: boolean) => showSaved(button, saved);
  const fromFrame = () => {
    const marks = document.querySelector<HTMLElement>('[data-personal="wishlisted"]')?.dataset.products ?? "";
    show(marks.split(" ").includes(productId));
  };
  fromFrame();
  document.addEventListener(NEW_PARTS, fromFrame);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    size.value = select.value;
    size.disabled = !select.value;
    // The form is read as it is sent; the button turns after, as the change goes, and back to what
    // the shop last said if the change never reached it.
    const sent = postInPlace(form, button);
    show(button.value === "add");
    void sent.then((outcome) => {
      if (outcome === "unreachable") fromFrame();
    });
  });
}

function showSaved(button: HTMLButtonElement, saved: boolean): void {
  if (button.getAttribute("aria-pressed") === String(saved)) return;
  button.value = saved ? "remove" : "add";
  button.setAttribute("aria-pressed", String(saved));
  if (saved) button.title = button.dataset.titleSaved ?? "";
  else button.removeAttribute("title");
  const label = button.querySelector("span");
  if (label) label.textContent = (saved ? button.dataset.labelSaved : button.dataset.labelAdd) ?? "";
  for (const mark of SAVED_HEART.split(" ")) button.querySelector("svg")?.classList.toggle(mark, saved);
}
