import { Download } from "lucide-react";
import { Form } from "react-router";
import { formatShopDate } from "#core/dates.ts";
import { formatAmount } from "#core/money.ts";
import { type GstReport, gstReport, monthOf } from "#server/invoices/gst-report.service.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { TableHead } from "../../components/admin/table-head.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/gst-report";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const month = url.searchParams.get("month") || monthOf(Date.now());
  return { report: await gstReport(appServices(context).db, actor, month) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "GST report", description: "GST by rate and state for a month.", noindex: true });

const TAX_HEADS = ["Taxable value", "CGST", "SGST", "IGST"];
const rate = (bps: number) => `${bps / 100}%`;
type Amounts = GstReport["net"];
const amountCells = (row: Amounts) =>
  [row.taxable, row.cgst, row.sgst, row.igst].map((paise, i) => (
    <td key={TAX_HEADS[i]} className="px-2 py-1.5 text-right tabular-nums">
      {formatAmount(paise)}
    </td>
  ));

/** The month's GST for the accountant, as GSTR-1 groups B2C sales, with a CSV to download. */
export default function GstReportPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold">GST report</h1>
        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" className="flex items-end gap-2">
            <div>
              <label htmlFor="month" className="label">
                Month
              </label>
              <input id="month" name="month" type="month" defaultValue={report.month} className="field" />
            </div>
            <button type="submit" className="btn-outline">
              Show
            </button>
          </Form>
          <a href={`/admin/gst.csv?month=${report.month}`} className="btn-gold" download>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </div>
      </div>
      <Section title="Net for the month" heads={TAX_HEADS} empty={false}>
        <tr>{amountCells(report.net)}</tr>
      </Section>
      <Section title="Invoices by rate" heads={["Rate", ...TAX_HEADS]} empty={report.invoices.length === 0}>
        {report.invoices.map((row) => (
          <tr key={row.rateBps}>
            <td className="px-2 py-1.5">{rate(row.rateBps)}</td>
            {amountCells(row)}
          </tr>
        ))}
      </Section>
      <Section title="Credit notes by rate" heads={["Rate", ...TAX_HEADS]} empty={report.creditNotes.length === 0}>
        {report.creditNotes.map((row) => (
          <tr key={row.rateBps}>
            <td className="px-2 py-1.5">{rate(row.rateBps)}</td>
            {amountCells(row)}
          </tr>
        ))}
      </Section>
      <Section
        title="B2C small: by place of supply and rate, net of credit notes"
        heads={["Place of supply", "Rate", ...TAX_HEADS]}
        empty={report.b2cSmall.length === 0}
      >
        {report.b2cSmall.map((row) => (
          <tr key={`${row.stateCode}-${row.rateBps}`}>
            <td className="px-2 py-1.5">
              {row.stateCode} {row.stateName}
            </td>
            <td className="px-2 py-1.5">{rate(row.rateBps)}</td>
            {amountCells(row)}
          </tr>
        ))}
      </Section>
      <Section
        title="B2C large: inter-state invoices above ₹1,00,000"
        heads={["Invoice", "Date", "Place of supply", "Value", "Rate", "Taxable value", "IGST"]}
        empty={report.b2cLarge.length === 0}
      >
        {report.b2cLarge.flatMap((invoice) =>
          invoice.rows.map((row) => (
            <tr key={`${invoice.invoiceNumber}-${row.rateBps}`}>
              <td className="px-2 py-1.5">{invoice.invoiceNumber}</td>
              <td className="px-2 py-1.5">{formatShopDate(invoice.date)}</td>
              <td className="px-2 py-1.5">{invoice.stateName}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(invoice.value)}</td>
              <td className="px-2 py-1.5">{rate(row.rateBps)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(row.taxable)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(row.igst)}</td>
            </tr>
          )),
        )}
      </Section>
      <Section
        title="HSN summary"
        heads={["HSN/SAC", "Quantity", "Rate", ...TAX_HEADS]}
        empty={report.hsn.length === 0}
      >
        {report.hsn.map((row) => (
          <tr key={`${row.hsn}-${row.rateBps}`}>
            <td className="px-2 py-1.5">{row.hsn}</td>
            <td className="px-2 py-1.5">{row.quantity}</td>
            <td className="px-2 py-1.5">{rate(row.rateBps)}</td>
            {amountCells(row)}
          </tr>
        ))}
      </Section>
      <Section title="Documents issued" heads={["Nature of document", "From", "To", "Count"]} empty={false}>
        {report.documents.map((row) => (
          <tr key={row.kind}>
            <td className="px-2 py-1.5">{row.kind}</td>
            <td className="px-2 py-1.5">{row.first ?? "—"}</td>
            <td className="px-2 py-1.5">{row.last ?? "—"}</td>
            <td className="px-2 py-1.5">{row.count}</td>
          </tr>
        ))}
      </Section>
    </div>
  );
}

function Section(props: { title: string; heads: string[]; empty: boolean; children: React.ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.empty ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Nothing this month.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <TableHead headings={props.heads} />
            <tbody>{props.children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
