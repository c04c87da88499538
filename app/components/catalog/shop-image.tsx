import { type ImageShape, imageSources } from "../../lib/images.ts";

type ShopImageProps = {
  image: string;
  shape: ImageShape;
  alt: string;
  /** The `sizes` hint: how wide the image is drawn at each breakpoint. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once and early. Otherwise lazy. */
  priority?: boolean;
  preferredWidth?: number;
};

/** A stored picture with its srcset and intrinsic size, so nothing shifts while it loads. */
export function ShopImage({ image, shape, alt, sizes, className, priority = false, preferredWidth }: ShopImageProps) {
  const sources = imageSources(image, shape, preferredWidth);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
