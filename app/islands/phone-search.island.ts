/** The phone's search panel puts the cursor in its field as it opens: it was opened to type in. */
export function phoneSearch(panel: HTMLElement): void {
  panel.addEventListener("toggle", (event) => {
    if ((event as ToggleEvent).newState === "open") panel.querySelector("input")?.focus();
  });
}
