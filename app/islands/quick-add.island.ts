import { postInPlace } from "./post-in-place.ts";
import { showToast } from "./toaster.island.ts";

/**
 * A listing card's quick add: sent in place (the cart's count and the toast follow); without a size
 * chosen it says so at once (the shop would refuse it too).
 */
export function quickAdd(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const size = form.elements.namedItem("size");
    if (size instanceof HTMLSelectElement && !size.value) {
      showToast("error", form.dataset.selectSize ?? "");
      return;
    }
    void postInPlace(form, event.submitter);
  });
}
