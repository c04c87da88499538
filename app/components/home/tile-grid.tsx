import type { HomeTile } from "#server/catalog/home.service.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { ShopImage } from "../catalog/shop-image.tsx";

type TileGridProps = {
  tiles: HomeTile[];
  captionStyle: "hover" | "always";
  /** The first tile is the largest picture a phone sees on arrival: load it at once and early. */
  eagerFirst?: boolean;
};

/**
 * Six picture tiles, three to a row on wide screens. The caption appears on hover and focus where
 * the device can hover, and is always shown on touch screens of any width, which cannot.
 */
export function TileGrid({ tiles, captionStyle, eagerFirst = false }: TileGridProps) {
  const t = useT();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.map((tile, index) => (
        <li key={tile.caption}>
          <Link
            to={tile.to}
            className="group relative block h-[300px] overflow-hidden rounded-lg bg-zinc-900 ring-gold-400 focus-visible:ring-2"
          >
            {tile.image ? (
              <ShopImage
                image={tile.image}
                shape="tile"
                alt=""
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                priority={eagerFirst && index === 0}
                className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
            ) : null}
            <span
              className={`absolute inset-0 flex items-end bg-gradient-to-t from-black/80 via-black/10 to-transparent p-5 transition-opacity ${
                captionStyle === "hover"
                  ? // Hidden until hover only where the device can hover; a touch screen always shows it.
                    "[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-visible:opacity-100"
                  : ""
              }`}
            >
              <span className="font-display text-2xl font-semibold tracking-wide text-gold-300">
                {serviceText(t, tile.caption)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
