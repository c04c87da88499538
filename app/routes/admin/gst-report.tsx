import { Download } from "lucide-react";
import { Form } from "react-router";
import { formatAmount } from "#core/money.ts";
import { type GstReport, gstReport, monthOf } from "#server/invoices/gst-report.service.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import {
  GstAmendmentsTable,
  GstDocumentsTable,
  GstHsnTable,
  GstSection,
  rateText,
} from "../../components/admin/gst-tables.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/gst-report";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const month = url.searchParams.get("month") || monthOf(Date.now());
  return { report: await gstReport(appServices(context).db, actor, month) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "GST report", description: "The month's GSTR-1 tables.", noindex: true });

const TAX_HEADS = ["Taxable value", "CGST", "SGST", "IGST"];
type Amounts = GstReport["totals"]["net"];
const amountCells = (row: Amounts) =>
  [row.taxable, row.cgst, row.sgst, row.igst].map((paise, i) => (
    <td key={TAX_HEADS[i]} className="px-2 py-1.5 text-right tabular-nums">
      {formatAmount(paise)}
    </td>
  ));

/** The month's GSTR-1 for the accountant: every table on screen, and as CSV and the offline tool's JSON. */
export default function GstReportPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ReportHeader month={report.month} />
      <MonthTotals totals={report.totals} />
      <GstDocumentsTable title="B2B: invoices to registered buyers" documents={report.b2b} notes={false} />
      <GstDocumentsTable
        title="B2CL: inter-state invoices to unregistered buyers above ₹1,00,000"
        documents={report.b2cl}
        notes={false}
      />
      <B2csTable rows={report.b2cs} />
      <GstAmendmentsTable rows={report.b2csa} />
      <GstDocumentsTable title="CDNR: credit notes to registered buyers" documents={report.cdnr} notes />
      <GstDocumentsTable title="CDNUR: credit notes against B2CL invoices" documents={report.cdnur} notes />
      <GstHsnTable title="HSN summary, B2B (net of credit notes)" rows={report.hsnB2b} />
      <GstHsnTable
        title="HSN summary, B2C (net of the month's credit notes, less those amending an earlier month)"
        rows={report.hsnB2c}
      />
      <DocumentsIssued rows={report.documents} />
    </div>
  );
}

type Report = Route.ComponentProps["loaderData"]["report"];

/** The month's invoices, credit notes and what is left, by tax head. */
function MonthTotals({ totals }: { totals: Report["totals"] }) {
  return (
    <GstSection title="Totals for the month" heads={["Documents", ...TAX_HEADS]} empty={false}>
      {(["invoices", "creditNotes", "net"] as const).map((key) => (
        <tr key={key}>
          <th scope="row" className="px-2 py-1.5 text-left font-medium">
            {{ invoices: "Invoices", creditNotes: "Credit notes", net: "Net" }[key]}
          </th>
          {amountCells(totals[key])}
        </tr>
      ))}
    </GstSection>
  );
}

/** Sales to unregistered buyers below the B2CL line, by place of supply and rate. */
function B2csTable({ rows }: { rows: Report["b2cs"] }) {
  return (
    <GstSection
      title="B2CS: other sales to unregistered buyers, by place of supply and rate, net of the month's credit notes on them"
      heads={["Place of supply", "Supply", "Rate", ...TAX_HEADS]}
      empty={rows.length === 0}
    >
      {rows.map((row) => (
        <tr key={`${row.stateCode}-${row.rateBps}-${row.supplyType}`}>
          <td className="px-2 py-1.5">
            {row.stateCode} {row.stateName}
          </td>
          <td className="px-2 py-1.5">{row.supplyType === "intra" ? "Intra-state" : "Inter-state"}</td>
          <td className="px-2 py-1.5">{rateText(row.rateBps)}</td>
          {amountCells(row)}
        </tr>
      ))}
    </GstSection>
  );
}

/** Each series of documents issued in the month: first and last number, how many, how many cancelled. */
function DocumentsIssued({ rows }: { rows: Report["documents"] }) {
  return (
    <GstSection
      title="Documents issued"
      heads={["Nature of document", "Series", "From", "To", "Total", "Cancelled", "Net issued"]}
      empty={false}
    >
      {rows.map((row) => (
        <tr key={row.series}>
          <td className="px-2 py-1.5">{row.nature}</td>
          <td className="px-2 py-1.5">{row.series}</td>
          <td className="px-2 py-1.5">{row.first ?? "—"}</td>
          <td className="px-2 py-1.5">{row.last ?? "—"}</td>
          <td className="px-2 py-1.5">{row.total}</td>
          <td className="px-2 py-1.5">{row.cancelled}</td>
          <td className="px-2 py-1.5">{row.netIssued}</td>
        </tr>
      ))}
    </GstSection>
  );
}

function ReportHeader({ month }: { month: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <h1 className="font-display text-3xl font-semibold">GST report (GSTR-1)</h1>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="month" className="label">
              Month
            </label>
            <input id="month" name="month" type="month" defaultValue={month} className="field" />
          </div>
          <button type="submit" className="btn-outline">
            Show
          </button>
        </Form>
        <a href={`/admin/gst.csv?month=${month}`} className="btn-outline" download>
          <Download aria-hidden="true" className="size-4" />
          CSV
        </a>
        <a href={`/admin/gst.json?month=${month}`} className="btn-gold" download>
          <Download aria-hidden="true" className="size-4" />
          JSON for the GST offline tool
        </a>
      </div>
    </div>
  );
}
