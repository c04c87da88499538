import { ChevronRight, type LucideIcon, Sparkles, Truck } from "lucide-react";
import { COLLECTIONS } from "#core/collections.ts";
import { localeOfPath } from "#core/locales.ts";
import { shelfPrices } from "#server/cart/shelf-prices.ts";
import { homePage } from "#server/catalog/home.service.ts";
import { inLocale } from "#server/catalog/product-translations.ts";
import { appServices, publicOrigin } from "../.server/context.ts";
import { loadAsDocument } from "../.server/html-first.ts";
import { localeOf } from "../.server/locale.ts";
import { ProductCard } from "../components/catalog/product-card.tsx";
import { HeroCarousel } from "../components/home/hero-carousel.tsx";
import { TileGrid } from "../components/home/tile-grid.tsx";
import { CollectionName } from "../components/layout/collection-name.tsx";
import { HTML_FIRST } from "../lib/page-handle.ts";
import { pageMeta, SHOP_NAME } from "../lib/seo.ts";
import { type MessageId, translator, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/home";

// Sent as HTML with islands, without React (decision record 48).
export const handle = HTML_FIRST;
export const middleware: Route.MiddlewareFunction[] = [loadAsDocument];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = appServices(context);
  const home = await homePage(db);
  const page = { ...home, latestSuits: await inLocale(db, localeOf(request), home.latestSuits) };
  return { ...page, offers: await shelfPrices(db, page.latestSuits), origin: publicOrigin(context) };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  pageMeta({
    title: SHOP_NAME,
    description: translator(localeOfPath(location.pathname))("home.description"),
    path: location.pathname,
    origin: loaderData?.origin,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, collections, moods, latestSuits, offers } = loaderData;
  const t = useT();
  return (
    <div className="bg-black text-zinc-100">
      <h1 className="sr-only">{t("home.title")}</h1>
      <CategoryBar />

      <HeroCarousel slides={slides} />

      <HomeSection id="home-collections" title={t("home.collections")}>
        <TileGrid tiles={collections} captionStyle="hover" eagerFirst />
      </HomeSection>

      <HomeSection id="home-shop-latest-pakistani-suits" title={t("home.latestSuits")} later>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {latestSuits.map((suit) => (
            <li key={suit.id} className="flex">
              <ProductCard
                product={suit}
                offer={offers[suit.id]}
                tone="night"
                frame="tile"
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-pick-your-mood" title={t("home.pickYourMood")} later>
        <TileGrid tiles={moods} captionStyle="always" />
      </HomeSection>

      <HomePromises />
    </div>
  );
}

const PROMISES = [
  { Icon: Truck, title: "home.fastDelivery", body: "home.fastDeliveryBody" },
  { Icon: Sparkles, title: "home.latestFashion", body: "home.latestFashionBody" },
] as const satisfies readonly { Icon: LucideIcon; title: MessageId; body: MessageId }[];

/** What the shop promises every shopper: fast delivery and new fashion every week. */
function HomePromises() {
  const t = useT();
  return (
    <section
      aria-label={t("home.offers")}
      className="later border-t border-gold-900 [contain-intrinsic-size:auto_200px]"
    >
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-2">
        {PROMISES.map(({ Icon, title, body }) => (
          <li key={title} className="flex items-center gap-4">
            <Icon aria-hidden="true" className="size-10 text-gold-400" />
            <div>
              <p className="font-display text-xl text-gold-300">{t(title)}</p>
              <p className="text-sm text-zinc-400">{t(body)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A section of the home page; `later` ones start below the first screen (see the `later` utility). */
function HomeSection({
  id,
  title,
  later = false,
  children,
}: {
  id: string;
  title: string;
  later?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 py-12 ${later ? "later" : ""}`}>
      <h2 id={id} className="mb-6 text-center font-display text-3xl font-semibold text-gold-400">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The ten collections in a bar under the header. On a phone it scrolls sideways: its right edge
 * fades and an arrow shows that more follow.
 */
function CategoryBar() {
  const t = useT();
  return (
    <nav aria-label={t("home.categories")} className="sticky top-16 z-20 border-b border-gold-900 bg-black/95">
      <div className="relative mx-auto max-w-7xl">
        {/* The scroll padding keeps the first label off the screen's edge when the bar snaps. */}
        <ul className="relative flex snap-x scroll-px-4 gap-6 overflow-x-auto px-4 py-3 pr-12 text-sm font-medium whitespace-nowrap [mask-image:linear-gradient(to_right,black_80%,transparent)] lg:pr-4 lg:[mask-image:none]">
          {COLLECTIONS.map((collection) => (
            <li key={collection.slug} className="snap-start">
              <Link to={`/${collection.slug}`} className="text-zinc-200 hover:text-gold-300">
                <CollectionName collection={collection} />
              </Link>
            </li>
          ))}
        </ul>
        <ChevronRight
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 size-5 -translate-y-1/2 text-gold-300 lg:hidden"
        />
      </div>
    </nav>
  );
}
