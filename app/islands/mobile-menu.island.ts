/**
 * The phone's slide-in menu: a modal dialog already in the page (its links are the shopper's own
 * once the personal parts arrive). The button opens it; its close button, a tap on the backdrop and
 * Escape close it; the browser gives focus back to the button.
 */
export function mobileMenu(element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>(":scope > button");
  // The panel may be replaced by the shopper's own: it is looked up at each use.
  const dialog = () => element.querySelector("dialog");
  button?.addEventListener("click", () => {
    const panel = dialog();
    if (!panel || panel.open) return;
    panel.showModal();
    button.setAttribute("aria-expanded", "true");
    panel.addEventListener("close", () => button.setAttribute("aria-expanded", "false"), { once: true });
  });
  element.addEventListener("click", (event) => {
    const panel = dialog();
    const target = event.target as Element;
    if (panel && (target === panel || target.closest("[data-menu-close]"))) panel.close();
  });
}
