import { useT } from "../../locales/i18n.ts";
import { ShopImage } from "./shop-image.tsx";

const THUMB_SHOWN = "border-gold-400";
const THUMB_RESTING = "border-transparent";

/**
 * The product's pictures (up to five): one large, the others as thumbnails that swap in. The product
 * page is HTML-first: each thumbnail's large picture waits in a template, and the gallery island
 * (app/islands/gallery.island.ts) swaps it in.
 */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const t = useT();
  const [first] = images;
  if (!first) return null;
  const large = (image: string, index: number) => (
    <ShopImage
      image={image}
      shape="product"
      alt={images.length > 1 ? t("gallery.alt", { title, index: index + 1, count: images.length }) : title}
      sizes="(min-width: 768px) 45vw, 100vw"
      preferredWidth={960}
      className="size-full object-cover"
      priority={index === 0}
      eager={index > 0}
    />
  );
  return (
    <div className="flex flex-col gap-3 md:flex-row-reverse" data-island="gallery">
      <div className="aspect-[4/5] flex-1 overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800" data-gallery-shown>
        {large(first, 0)}
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 md:w-20 md:flex-col" aria-label={t("gallery.more")}>
          {images.map((image, index) => (
            <li key={image} className="w-16 md:w-full">
              <button
                type="button"
                aria-label={t("gallery.show", { index: index + 1, count: images.length })}
                aria-pressed={index === 0}
                data-shown-class={THUMB_SHOWN}
                data-resting-class={THUMB_RESTING}
                className={`block aspect-[4/5] w-full overflow-hidden rounded-md border-2 ${index === 0 ? THUMB_SHOWN : THUMB_RESTING}`}
              >
                <ShopImage
                  image={image}
                  shape="product"
                  alt=""
                  sizes="80px"
                  preferredWidth={320}
                  className="size-full object-cover"
                />
                <template data-gallery-picture>{large(image, index)}</template>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
