import { DOT_RESTING, DOT_SHOWN } from "../components/home/carousel-dots.ts";

const AUTOPLAY_MS = 3000;

/**
 * The home page's carousel: loops every 3 s once the page is up (its code is loaded then: the first
 * slide, the page's largest picture, needs none); hovering or focusing it pauses it, and with reduced
 * motion it does not move on its own. The dots show which slide is up and bring up their own; a
 * slide out of view is inert. The other slides' pictures come out of their templates as it starts.
 */
export async function carousel(section: HTMLElement): Promise<void> {
  const viewport = section.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return;
  for (const later of section.querySelectorAll<HTMLTemplateElement>("template[data-later-picture]")) {
    later.replaceWith(later.content);
  }
  const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([
    import("embla-carousel"),
    import("embla-carousel-autoplay"),
  ]);
  const embla = EmblaCarousel(viewport, { loop: true, duration: 30 }, [
    Autoplay({
      delay: AUTOPLAY_MS,
      playOnInit: !matchMedia("(prefers-reduced-motion: reduce)").matches,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  ]);
  const slides = embla.slideNodes();
  const dots = [...section.querySelectorAll<HTMLButtonElement>("[data-slide-dot]")];
  const show = () => {
    const selected = embla.selectedScrollSnap();
    slides.forEach((slide, index) => {
      slide.inert = index !== selected;
    });
    dots.forEach((dot, index) => {
      const shown = index === selected;
      if (shown) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      const mark = dot.firstElementChild;
      mark?.classList.remove(...(shown ? DOT_RESTING : DOT_SHOWN).split(" "));
      mark?.classList.add(...(shown ? DOT_SHOWN : DOT_RESTING).split(" "));
    });
  };
  embla.on("select", show);
  dots.forEach((dot, index) => {
    dot.addEventListener("click", () => embla.scrollTo(index));
  });
}
