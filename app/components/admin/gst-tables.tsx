import { formatShopDate } from "#core/dates.ts";
import { formatAmount } from "#core/money.ts";
import type { B2csaRow, HsnRow, ListedDocument, RateRow } from "#server/invoices/gst-report.service.ts";
import { TableHead } from "./table-head.tsx";

const TAX_HEADS = ["Taxable value", "CGST", "SGST", "IGST"];

export const rateText = (bps: number) => `${bps / 100}%`;

const money = (paise: number) => <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(paise)}</td>;

/** A row's rate, taxable value and taxes, as table cells. */
function RateCells({ row }: { row: RateRow }) {
  return (
    <>
      <td className="px-2 py-1.5">{rateText(row.rateBps)}</td>
      {money(row.taxable)}
      {money(row.cgst)}
      {money(row.sgst)}
      {money(row.igst)}
    </>
  );
}

/** A table of the GST report, or "Nothing this month." */
export function GstSection(props: { title: string; heads: string[]; empty: boolean; children: React.ReactNode }) {
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

/** Invoices (B2B, B2CL) or credit notes (CDNR, CDNUR) one by one, a row per rate. */
export function GstDocumentsTable(props: { title: string; documents: ListedDocument[]; notes: boolean }) {
  const heads = props.notes
    ? ["Note", "Date", "Against invoice", "GSTIN", "Place of supply", "Value", "Rate", ...TAX_HEADS]
    : ["Invoice", "Date", "GSTIN and receiver", "Place of supply", "Value", "Rate", ...TAX_HEADS];
  return (
    <GstSection title={props.title} heads={heads} empty={props.documents.length === 0}>
      {props.documents.flatMap((document) =>
        document.rows.map((row) => (
          <tr key={`${document.number}-${row.rateBps}`}>
            <td className="px-2 py-1.5">{document.number}</td>
            <td className="px-2 py-1.5">{formatShopDate(document.date)}</td>
            {props.notes ? <td className="px-2 py-1.5">{document.invoiceNumber}</td> : null}
            <td className="px-2 py-1.5">
              {document.buyerGstin ?? "—"}
              {!props.notes && document.buyerName ? ` ${document.buyerName}` : ""}
            </td>
            <td className="px-2 py-1.5">
              {document.stateCode} {document.stateName}
            </td>
            {money(document.value)}
            <RateCells row={row} />
          </tr>
        )),
      )}
    </GstSection>
  );
}

/** The HSN summary: pieces (UQC PCS) and tax by HSN and rate. */
export function GstHsnTable(props: { title: string; rows: HsnRow[] }) {
  return (
    <GstSection
      title={props.title}
      heads={["HSN", "UQC", "Quantity", "Rate", ...TAX_HEADS]}
      empty={props.rows.length === 0}
    >
      {props.rows.map((row) => (
        <tr key={`${row.hsn}-${row.rateBps}`}>
          <td className="px-2 py-1.5">{row.hsn}</td>
          <td className="px-2 py-1.5">PCS</td>
          <td className="px-2 py-1.5">{row.quantity}</td>
          <RateCells row={row} />
        </tr>
      ))}
    </GstSection>
  );
}

/**
 * Table 10: earlier months' B2C small rows as this month's credit notes on their invoices revise
 * them (the revised figure, never the note alone).
 */
export function GstAmendmentsTable(props: { rows: B2csaRow[] }) {
  return (
    <GstSection
      title="B2CSA: earlier months' B2CS rows, as this month's credit notes on their invoices revise them (table 10)"
      heads={["Original month", "Place of supply", "Supply", "Rate", ...TAX_HEADS]}
      empty={props.rows.length === 0}
    >
      {props.rows.map((row) => (
        <tr key={`${row.originalMonth}-${row.stateCode}-${row.rateBps}-${row.supplyType}`}>
          <td className="px-2 py-1.5">{row.originalMonth}</td>
          <td className="px-2 py-1.5">
            {row.stateCode} {row.stateName}
          </td>
          <td className="px-2 py-1.5">{row.supplyType === "intra" ? "Intra-state" : "Inter-state"}</td>
          <RateCells row={row} />
        </tr>
      ))}
    </GstSection>
  );
}
