import { ShopImage } from "./shop-image.tsx";

/** A small product picture in a list or table, drawn at a fixed width. */
export function ProductThumbnail({ image, width, alt = "" }: { image: string; width: 48 | 64 | 80; alt?: string }) {
  return (
    <div className="shrink-0 overflow-hidden rounded bg-zinc-100 dark:bg-zinc-800" style={{ width }}>
      <ShopImage
        image={image}
        shape="product"
        alt={alt}
        sizes={`${width}px`}
        preferredWidth={320}
        className="aspect-[4/5] w-full object-cover"
      />
    </div>
  );
}
