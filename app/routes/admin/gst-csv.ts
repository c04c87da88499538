import { gstReport, gstReportCsv, monthOf } from "#server/invoices/gst-report.service.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/gst-csv";

/** The month's GST report as a CSV file, for the administrator only. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const report = await gstReport(appServices(context).db, actor, url.searchParams.get("month") || monthOf(Date.now()));
  return new Response(gstReportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gst-report-${report.month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
