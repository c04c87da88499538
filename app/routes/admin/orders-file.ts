import { Readable } from "node:stream";
import { indiaDay } from "#core/dates.ts";
import { csvStream } from "#server/csv/csv-writer.ts";
import { ordersCsvRows } from "#server/orders/order-export.ts";
import { orderIndexQuerySchema } from "#server/orders/order-index.schemas.ts";
import { idField } from "#server/validation/fields.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/orders-file";

/**
 * The orders file, streamed (record 45): the index's tab, search and filters, or the orders ticked
 * (`?order=1&order=2`), a row per order line, through the one CSV writer. Packers and Support may
 * not have it: the service refuses before a row is read.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const query = orderIndexQuerySchema.parse(Object.fromEntries(url.searchParams));
  const ticked = url.searchParams.getAll("order").flatMap((value) => {
    const id = idField("order").safeParse(value);
    return id.success ? [id.data] : [];
  });
  const rows = ordersCsvRows(appServices(context).db, actor, query, ticked);
  return new Response(Readable.toWeb(csvStream(rows)) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${indiaDay(Date.now())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
