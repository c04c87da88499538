import { useState } from "react";
import { useT } from "../../locales/i18n.ts";
import { ShopImage } from "./shop-image.tsx";

/** The product's pictures (up to five): one large, the others as thumbnails that swap in. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const t = useT();
  const main = images[current] ?? images[0];
  if (!main) return null;
  return (
    <div className="flex flex-col gap-3 md:flex-row-reverse">
      <div className="aspect-[4/5] flex-1 overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
        <ShopImage
          image={main}
          shape="product"
          alt={images.length > 1 ? t("gallery.alt", { title, index: current + 1, count: images.length }) : title}
          sizes="(min-width: 768px) 45vw, 100vw"
          preferredWidth={960}
          className="size-full object-cover"
          priority
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 md:w-20 md:flex-col" aria-label={t("gallery.more")}>
          {images.map((image, index) => (
            <li key={image} className="w-16 md:w-full">
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={t("gallery.show", { index: index + 1, count: images.length })}
                aria-pressed={index === current}
                className={`block aspect-[4/5] w-full overflow-hidden rounded-md border-2 ${index === current ? "border-gold-400" : "border-transparent"}`}
              >
                <ShopImage
                  image={image}
                  shape="product"
                  alt=""
                  sizes="80px"
                  preferredWidth={320}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
