import { postInPlace } from "./post-in-place.ts";

/**
 * The theme switch: the page changes colour at once, and the choice is posted for the next pages.
 * The icon and words follow the stylesheet's dark variant, so they change with it.
 */
export function themeToggle(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const root = document.documentElement;
    const dark =
      root.classList.contains("dark") ||
      (!root.classList.contains("light") && matchMedia("(prefers-color-scheme: dark)").matches);
    const next = dark ? "light" : "dark";
    const field = form.elements.namedItem("theme");
    if (field instanceof HTMLInputElement) field.value = next;
    root.classList.toggle("dark", next === "dark");
    root.classList.toggle("light", next === "light");
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      meta.removeAttribute("media");
      meta.setAttribute("content", next === "dark" ? "#09090b" : "#ffffff");
    }
    void postInPlace(form);
  });
}
