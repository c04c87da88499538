/**
 * A table that may scroll sideways on a narrow screen shows that it does: a shade on each edge with
 * more beyond it, and the line under it (from its template) while anything is hidden.
 */
export function sideScroll(element: HTMLElement): void {
  const box = element.querySelector<HTMLElement>("section");
  const template = element.querySelector<HTMLTemplateElement>("template[data-side-scroll-hint]");
  if (!box || !template) return;
  let hint: Element | null = null;
  const measure = () => {
    const left = box.scrollLeft > 1;
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    element.querySelector('[data-shade="left"]')?.classList.toggle("hidden", !left);
    element.querySelector('[data-shade="right"]')?.classList.toggle("hidden", !right);
    if ((left || right) && !hint) {
      hint = template.content.firstElementChild?.cloneNode(true) as Element;
      template.after(hint);
    } else if (!(left || right) && hint) {
      hint.remove();
      hint = null;
    }
  };
  box.addEventListener("scroll", measure, { passive: true });
  const resized = new ResizeObserver(measure);
  resized.observe(box);
  for (const child of box.children) resized.observe(child);
}
