import { DOT_RESTING, DOT_SHOWN } from "../components/home/carousel-dots.ts";

const AUTOPLAY_MS = 3000;

/**
 * The home page's carousel: a row of slides that scrolls and snaps (a finger swipes it natively),
 * played every 3 s once the page is up, back to the first after the last; hovering or focusing it
 * pauses it, and with reduced motion it does not move on its own. The dots show which slide is up
 * and bring up their own; a slide out of view is inert. The other slides' pictures come out of
 * their templates as it starts.
 */
export function carousel(section: HTMLElement): void {
  const viewport = section.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return;
  for (const later of section.querySelectorAll<HTMLTemplateElement>("template[data-later-picture]")) {
    later.replaceWith(later.content);
  }
  const slides = [...viewport.children] as HTMLElement[];
  const dots = [...section.querySelectorAll<HTMLButtonElement>("[data-slide-dot]")];
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  let shown = 0;
  const show = (index: number) => {
    shown = index;
    slides.forEach((slide, at) => {
      slide.inert = at !== index;
    });
    dots.forEach((dot, at) => {
      markDot(dot, at === index);
    });
  };
  const goTo = (index: number) => {
    viewport.scrollTo({ left: index * viewport.clientWidth, behavior: still ? "auto" : "smooth" });
    show(index);
  };
  viewport.addEventListener("scrollend", () => show(Math.round(viewport.scrollLeft / viewport.clientWidth)));
  dots.forEach((dot, index) => {
    dot.addEventListener("click", () => goTo(index));
  });
  show(0);
  if (!still) autoplay(section, () => goTo((shown + 1) % slides.length));
}

/** Every 3 s the next slide, unless the pointer rests on the carousel or focus is in it. */
function autoplay(section: HTMLElement, next: () => void): void {
  let hovered = false;
  let focused = false;
  section.addEventListener("pointerenter", () => {
    hovered = true;
  });
  section.addEventListener("pointerleave", () => {
    hovered = false;
  });
  section.addEventListener("focusin", () => {
    focused = true;
  });
  section.addEventListener("focusout", () => {
    focused = false;
  });
  setInterval(() => {
    if (!hovered && !focused) next();
  }, AUTOPLAY_MS);
}

function markDot(dot: HTMLButtonElement, shown: boolean): void {
  if (shown) dot.setAttribute("aria-current", "true");
  else dot.removeAttribute("aria-current");
  const mark = dot.firstElementChild;
  mark?.classList.remove(...(shown ? DOT_RESTING : DOT_SHOWN).split(" "));
  mark?.classList.add(...(shown ? DOT_SHOWN : DOT_RESTING).split(" "));
}
