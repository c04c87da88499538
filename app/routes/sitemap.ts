import { COLLECTIONS } from "#core/collections.ts";
import { sitemapProducts } from "#server/catalog/catalog.service.ts";
import { appServices, publicOrigin } from "../.server/context.ts";
import type { Route } from "./+types/sitemap";

// One sitemap file holds at most 50,000 addresses.
const MAX_PRODUCTS = 49_000;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The listings and every product on sale, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = publicOrigin(context);
  const products = await sitemapProducts(appServices(context).db, MAX_PRODUCTS);
  const entry = (path: string, lastModified?: number) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${
      lastModified ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : ""
    }</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
