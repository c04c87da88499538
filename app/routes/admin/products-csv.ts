import { Readable } from "node:stream";
import { exportProducts } from "#server/catalog/csv/product-files.service.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/products-csv";

/**
 * /admin/products.csv: the catalogue in Shopify's product layout (record 41), streamed as it is
 * read; `?ids=3,7,12` for the products chosen in the admin's list.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, config } = appServices(context);
  const ids = url.searchParams
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .slice(0, 1000);
  const file = exportProducts(db, actor, { publicUrl: config.publicUrl, ...(ids.length > 0 ? { ids } : {}) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(file) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kesar-products-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
