/** The product page's gallery: a thumbnail pressed shows its picture large, and says it is pressed. */
export function gallery(element: HTMLElement): void {
  const shown = element.querySelector<HTMLElement>("[data-gallery-shown]");
  const thumbnails = [...element.querySelectorAll<HTMLButtonElement>("button[aria-pressed]")];
  for (const thumbnail of thumbnails) {
    thumbnail.addEventListener("click", () => {
      const picture = thumbnail.querySelector<HTMLTemplateElement>("template[data-gallery-picture]");
      if (!shown || !picture) return;
      shown.replaceChildren(picture.content.cloneNode(true));
      for (const other of thumbnails) press(other, other === thumbnail);
    });
  }
}

/** A thumbnail's pressed state and its border, which says so too. */
function press(thumbnail: HTMLButtonElement, pressed: boolean): void {
  const { shownClass = "", restingClass = "" } = thumbnail.dataset;
  thumbnail.setAttribute("aria-pressed", String(pressed));
  thumbnail.classList.replace(pressed ? restingClass : shownClass, pressed ? shownClass : restingClass);
}
