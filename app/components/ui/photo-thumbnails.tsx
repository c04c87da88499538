import { ShopImage } from "../catalog/shop-image.tsx";

/** Shoppers' photos (a review's, a return's) as small thumbnails, each described by its place. */
export function PhotoThumbnails({
  photos,
  describe,
}: {
  photos: readonly string[];
  describe: (index: number) => string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex gap-2">
      {photos.map((photo, index) => (
        <li key={photo} className="w-24 overflow-hidden rounded-md">
          <ShopImage
            image={photo}
            shape="product"
            alt={describe(index)}
            sizes="96px"
            className="aspect-[4/5] w-24 object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
