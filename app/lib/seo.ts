import type { MetaDescriptor } from "react-router";

export const SHOP_NAME = "Kesar";

type PageMetaInput = {
  title: string;
  description: string;
  path?: string;
  /** Absolute origin of the shop (from the request), for canonical and OpenGraph URLs. */
  origin?: string;
  image?: string;
  type?: "website" | "product";
  noindex?: boolean;
};

/** The <title>, description and OpenGraph tags of a page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.title === SHOP_NAME ? input.title : `${input.title} | ${SHOP_NAME}`;
  const absolute = (path: string) => (input.origin && path.startsWith("/") ? `${input.origin}${path}` : path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
  ];
  if (input.path && input.origin) {
    tags.push({ property: "og:url", content: absolute(input.path) });
  }
  if (input.image) tags.push({ property: "og:image", content: absolute(input.image) });
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
