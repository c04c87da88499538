import { gstReport, monthOf } from "#server/invoices/gst-report.service.ts";
import { gstReportCsv } from "#server/invoices/gst-report-files.ts";
import { gstr1Json } from "#server/invoices/gstr1-json.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/gst-file";

/**
 * The month's GSTR-1 as a file, for the administrator only: CSV for a spreadsheet at
 * /admin/gst.csv, the GST offline tool's JSON at /admin/gst.json.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, config } = appServices(context);
  const report = await gstReport(db, actor, url.searchParams.get("month") || monthOf(Date.now()));
  const json = url.pathname.endsWith(".json");
  const body = json ? JSON.stringify(gstr1Json(report, config.seller.gstin), null, 2) : gstReportCsv(report);
  return new Response(body, {
    headers: {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gstr1-${report.month}.${json ? "json" : "csv"}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
