/**
 * Stored pictures come in fixed shapes, each encoded at several widths as `{ref}-{width}.webp`,
 * so a page can offer the browser a srcset and reserve the right space before the image arrives.
 */
export const IMAGE_SHAPES = {
  product: { widths: [320, 640, 960], aspect: [4, 5] },
  hero: { widths: [640, 1280, 1920], aspect: [16, 7] },
  tile: { widths: [320, 640, 960], aspect: [4, 3] },
} as const;

export type ImageShape = keyof typeof IMAGE_SHAPES;

export const UPLOADS_PREFIX = "/uploads";

export type ImageSources = { src: string; srcSet?: string; avifSrcSet?: string; width: number; height: number };

/** A URL typed in by the admin is used as it is; anything else is a stored picture's ref. */
export function isExternalImage(ref: string): boolean {
  return /^https?:\/\//i.test(ref) || ref.startsWith("/");
}

export function imageSources(ref: string, shape: ImageShape, preferredWidth = 640): ImageSources {
  const { widths, aspect } = IMAGE_SHAPES[shape];
  const largest = widths[widths.length - 1] ?? preferredWidth;
  const height = Math.round((largest * aspect[1]) / aspect[0]);
  if (isExternalImage(ref)) return { src: ref, width: largest, height };
  const url = (width: number, format = "webp") => `${UPLOADS_PREFIX}/${ref}-${width}.${format}`;
  const fallback = widths.find((width) => width >= preferredWidth) ?? largest;
  return {
    src: url(fallback),
    srcSet: widths.map((width) => `${url(width)} ${width}w`).join(", "),
    avifSrcSet: widths.map((width) => `${url(width, "avif")} ${width}w`).join(", "),
    width: largest,
    height,
  };
}
