import { Readable } from "node:stream";
import { indiaDay } from "#core/dates.ts";
import { csvStream } from "#server/csv/csv-writer.ts";
import { customerQuerySchema } from "#server/customers/customers.schemas.ts";
import { customersCsvRows } from "#server/customers/customers-export.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/customers-file";

/** The customers file, streamed, with the list's search (record 45); Packers and Support may not have it. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { q } = customerQuerySchema.parse(Object.fromEntries(url.searchParams));
  const rows = customersCsvRows(appServices(context).db, actor, q);
  return new Response(Readable.toWeb(csvStream(rows)) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${indiaDay(Date.now())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
