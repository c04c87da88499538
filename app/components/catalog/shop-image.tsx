import { type ImageShape, imageSources } from "#core/image-shapes.ts";

type ShopImageProps = {
  image: string;
  shape: ImageShape;
  alt: string;
  /** The `sizes` hint: how wide the image is drawn at each breakpoint. */
  sizes: string;
  className?: string;
  /** The page's largest picture: load at once, ahead of the rest. */
  priority?: boolean;
  /** Above the fold but not the largest: load at once, at normal priority. Otherwise lazy. */
  eager?: boolean;
  preferredWidth?: number;
};

/**
 * A stored picture with its srcset and intrinsic size, so nothing shifts while it loads: AVIF for
 * the browsers that take it, WebP for the rest. The picture element takes no box of its own.
 */
export function ShopImage({
  image,
  shape,
  alt,
  sizes,
  className,
  priority = false,
  eager = false,
  preferredWidth,
}: ShopImageProps) {
  const sources = imageSources(image, shape, preferredWidth);
  const img = (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={priority || eager ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
  if (!sources.avifSrcSet) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
