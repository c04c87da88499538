import type { HomeTile } from "#server/catalog/home.service.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { ShopImage } from "../catalog/shop-image.tsx";
import { DOT_RESTING, DOT_SHOWN } from "./carousel-dots.ts";

/**
 * Three captioned slides that advance every 3 s and loop, with dots and no arrows. Hovering or
 * focusing the carousel pauses it; with reduced motion it does not move on its own. The home page is
 * HTML-first: the slides are a row that scrolls and snaps, and the carousel island
 * (app/islands/carousel.island.ts) plays it once the page is up.
 */
export function HeroCarousel({ slides }: { slides: HomeTile[] }) {
  const t = useT();
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.featured")}
      className="relative"
      data-island="carousel"
    >
      {/* A row that snaps to each slide: a finger swipes through it with no script at all. */}
      <div
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        data-carousel-viewport
      >
        {slides.map((slide, index) => (
          <Slide key={slide.caption} slide={slide} index={index} count={slides.length} />
        ))}
      </div>
      <SlideDots slides={slides} />
    </section>
  );
}

/** One slide: its picture, and its caption with a link. */
function Slide({ slide, index, count }: { slide: HomeTile; index: number; count: number }) {
  const t = useT();
  const caption = serviceText(t, slide.caption);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a role=group per the ARIA pattern.
    <div
      className="relative min-w-0 flex-[0_0_100%] snap-start"
      role="group"
      aria-roledescription="slide"
      aria-label={t("home.slideOf", { index: index + 1, count, caption })}
    >
      <div className="aspect-[16/9] bg-zinc-900 sm:aspect-[16/7]">
        {slide.image ? <SlidePicture image={slide.image} first={index === 0} /> : null}
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

/**
 * The first slide's picture, the page's largest; the others' wait in a template until the carousel
 * runs: before that they cannot be seen, and on a phone they would only slow the first slide down.
 */
function SlidePicture({ image, first }: { image: string; first: boolean }) {
  const picture = (
    <ShopImage
      image={image}
      shape="hero"
      alt=""
      sizes="100vw"
      preferredWidth={1280}
      priority={first}
      className="size-full object-cover"
    />
  );
  return first ? picture : <template data-later-picture>{picture}</template>;
}

/** A dot per slide, the shown one long: each shows its slide (the island marks which). */
function SlideDots({ slides }: { slides: HomeTile[] }) {
  const t = useT();
  return (
    <div className="absolute inset-x-0 bottom-1 flex justify-center">
      {slides.map((slide, index) => (
        <button
          key={slide.caption}
          type="button"
          data-slide-dot={index}
          aria-label={t("home.showSlide", { index: index + 1, caption: serviceText(t, slide.caption) })}
          aria-current={index === 0 ? "true" : undefined}
          // A 24 px target around the small dot, so a finger finds it.
          className="group flex h-6 min-w-6 items-center justify-center px-1"
        >
          <span className={`block h-2.5 rounded-full transition-all ${index === 0 ? DOT_SHOWN : DOT_RESTING}`} />
        </button>
      ))}
    </div>
  );
}
