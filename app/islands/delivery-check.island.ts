import { knownVisitor } from "../lib/known-visitor.ts";
import { fragment } from "./fragments.ts";

/**
 * The product page's delivery box: the answer for the pincode checked last comes once the page is up
 * (only a browser with the visitor mark can have one), and a check is answered in place.
 */
export function deliveryCheck(section: HTMLElement): void {
  const form = section.querySelector("form");
  const field = form?.querySelector<HTMLInputElement>('input[name="pincode"]');
  const button = form?.querySelector("button");
  const answer = section.querySelector('[data-testid="delivery-answer"]');
  if (!form || !field || !button || !answer) return;
  const ask = async (pincode: string | null) => {
    button.disabled = true;
    try {
      const answered = await fragment("/frame/delivery", pincode === null ? {} : { pincode });
      const lines = answered?.body.firstElementChild as HTMLElement | null;
      if (!lines) return;
      answer.replaceChildren(...lines.childNodes);
      // The pincode remembered from last time fills the box, unless the shopper has typed.
      if (!field.value && lines.dataset.pincode) field.value = lines.dataset.pincode;
    } finally {
      button.disabled = false;
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void ask(field.value);
  });
  void knownVisitor().then((known) => {
    if (known) void ask(null);
  });
}
