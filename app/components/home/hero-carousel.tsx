import type { EmblaCarouselType } from "embla-carousel";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { HomeTile } from "#server/catalog/home.service.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { ShopImage } from "../catalog/shop-image.tsx";

const AUTOPLAY_MS = 3000;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The carousel's code, loaded once the page is up: the first slide (the page's largest picture) needs none. */
async function startCarousel(node: HTMLElement): Promise<EmblaCarouselType> {
  const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([
    import("embla-carousel"),
    import("embla-carousel-autoplay"),
  ]);
  return EmblaCarousel(node, { loop: true, duration: 30 }, [
    Autoplay({
      delay: AUTOPLAY_MS,
      playOnInit: !prefersReducedMotion(),
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  ]);
}

/**
 * Three captioned slides that advance every 3 s and loop, with dots and no arrows. Hovering or
 * focusing the carousel pauses it; with reduced motion it does not move on its own.
 */
export function HeroCarousel({ slides }: { slides: HomeTile[] }) {
  const viewport = useRef<HTMLDivElement>(null);
  const { api, selected } = useCarousel(viewport);
  const goTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  const t = useT();
  return (
    <section aria-roledescription="carousel" aria-label={t("home.featured")} className="relative">
      <div ref={viewport} className="overflow-hidden">
        <div className="flex">
          {slides.map((slide, index) => (
            <Slide
              key={slide.caption}
              slide={slide}
              index={index}
              count={slides.length}
              shown={index === selected}
              running={api !== null}
            />
          ))}
        </div>
      </div>
      <SlideDots slides={slides} selected={selected} goTo={goTo} />
    </section>
  );
}

/** The carousel, started on the viewport once the page is up, and the slide it shows. */
function useCarousel(viewport: RefObject<HTMLDivElement | null>) {
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    let carousel: EmblaCarouselType | undefined;
    let gone = false;
    void startCarousel(node).then((started) => {
      if (gone) return started.destroy();
      carousel = started;
      started.on("select", () => setSelected(started.selectedScrollSnap()));
      setApi(started);
    });
    return () => {
      gone = true;
      carousel?.destroy();
    };
  }, [viewport]);
  return { api, selected };
}

/** One slide: its picture, and its caption with a link. */
function Slide({
  slide,
  index,
  count,
  shown,
  running,
}: {
  slide: HomeTile;
  index: number;
  count: number;
  shown: boolean;
  running: boolean;
}) {
  const t = useT();
  const caption = serviceText(t, slide.caption);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a role=group per the ARIA pattern.
    <div
      className="relative min-w-0 flex-[0_0_100%]"
      role="group"
      aria-roledescription="slide"
      aria-label={t("home.slideOf", { index: index + 1, count, caption })}
      inert={!shown}
    >
      <div className="aspect-[16/9] bg-zinc-900 sm:aspect-[16/7]">
        {/* The other slides' pictures are asked for once the carousel runs: before that they
            cannot be seen, and on a phone they would only slow the first slide down. */}
        {slide.image && (index === 0 || running) ? (
          <ShopImage
            image={slide.image}
            shape="hero"
            alt=""
            sizes="100vw"
            preferredWidth={1280}
            priority={index === 0}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      {/* On a phone the caption sits under the picture: laid over it, it covers the figure. */}
      <div className="flex items-center bg-black sm:absolute sm:inset-0 sm:bg-transparent sm:bg-gradient-to-r sm:from-black/70 sm:via-black/20 sm:to-transparent">
        <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-9 sm:px-10 sm:py-0">
          <h2 className="font-display text-2xl font-semibold text-gold-300 sm:text-5xl lg:text-6xl">{caption}</h2>
          <Link to={slide.to} className="btn-gold mt-3 sm:mt-6">
            {slide.caption === "Shop Now" ? t("home.shopSuits") : t("home.browse")}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** A dot per slide, the shown one long: each shows its slide. */
function SlideDots({
  slides,
  selected,
  goTo,
}: {
  slides: HomeTile[];
  selected: number;
  goTo: (index: number) => void;
}) {
  const t = useT();
  return (
    <div className="absolute inset-x-0 bottom-1 flex justify-center">
      {slides.map((slide, index) => (
        <button
          key={slide.caption}
          type="button"
          onClick={() => goTo(index)}
          aria-label={t("home.showSlide", { index: index + 1, caption: serviceText(t, slide.caption) })}
          aria-current={index === selected ? "true" : undefined}
          // A 24 px target around the small dot, so a finger finds it.
          className="group flex h-6 min-w-6 items-center justify-center px-1"
        >
          <span
            className={`block h-2.5 rounded-full transition-all ${index === selected ? "w-8 bg-gold-400" : "w-2.5 bg-white/60 group-hover:bg-white"}`}
          />
        </button>
      ))}
    </div>
  );
}
