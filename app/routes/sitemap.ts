import { COLLECTIONS } from "#core/collections.ts";
import { LOCALES, localizedPath } from "#core/locales.ts";
import { sitemapProducts } from "#server/catalog/catalog.service.ts";
import { appServices, publicOrigin } from "../.server/context.ts";
import type { Route } from "./+types/sitemap";

// One sitemap file holds at most 50,000 addresses; each product has one per language.
const MAX_PRODUCTS = 24_000;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The listings and every product on sale, for search engines, in every language: each address lists
 * its versions in the others (decision record 47), the English one also as x-default.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = publicOrigin(context);
  const products = await sitemapProducts(appServices(context).db, MAX_PRODUCTS);
  const alternates = (path: string) =>
    [...LOCALES.map((locale) => [locale, localizedPath(path, locale)]), ["x-default", path]]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + href)}"/>`)
      .join("");
  const entry = (path: string, lastModified?: number) =>
    LOCALES.map(
      (locale) =>
        `<url><loc>${escapeXml(origin + localizedPath(path, locale))}</loc>${
          lastModified ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : ""
        }${alternates(path)}</url>`,
    ).join("\n");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    entry("/"),
    entry("/allproducts"),
    ...COLLECTIONS.map((collection) => entry(`/${collection.slug}`)),
    ...products.map((product) => entry(`/productinfo/${product.id}`, product.updatedAt)),
    "</urlset>",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
