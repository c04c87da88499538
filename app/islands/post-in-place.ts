import { ISLAND_POST_HEADER } from "#core/island-post.ts";
import { formFields } from "./fragments.ts";
import { refreshPersonalParts } from "./personal-refresh.ts";
import { sayUnreachable } from "./toaster.island.ts";

/**
 * Sends a form as the page would without JavaScript, but in place: the shop answers as it answers
 * a plain post (a redirect, the toast queued), the redirect is not followed, and the shopper's parts
 * of the frame (the counts, the toast) are asked for after it. One post at a time per form: a press
 * while one is on its way is dropped, and the form says it is busy. When no answer comes at all
 * (the phone lost its line), the shopper is told and the page's own parts stay as they were.
 */
export async function postInPlace(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<PostOutcome> {
  if (form.getAttribute("aria-busy") === "true") return "busy";
  form.setAttribute("aria-busy", "true");
  try {
    const sent = await fetch(form.action, {
      method: "POST",
      body: formFields(form, submitter),
      redirect: "manual",
      credentials: "same-origin",
      headers: { [ISLAND_POST_HEADER]: "1" },
    }).then(
      () => true,
      () => false,
    );
    if (!sent) {
      sayUnreachable();
      return "unreachable";
    }
    await refreshPersonalParts();
    return "answered";
  } finally {
    form.removeAttribute("aria-busy");
  }
}

export type PostOutcome = "answered" | "unreachable" | "busy";
