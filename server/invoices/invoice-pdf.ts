import { formatAmount } from "#core/money.ts";
import { rupeesInWords } from "../tax/amount-in-words.ts";
import { amountDue, type InvoiceDocument, type InvoiceLine, ORIGINAL_COPY, SPECIMEN_MARK } from "./invoice.schemas.ts";
import { parseShopFonts, startPdf } from "./pdf-document.ts";

const FONTS = parseShopFonts();

const INK = "#18181b";
const MUTED = "#52525b";
const GOLD = "#a16207";
const RULE = "#d4d4d8";
const RED = "#b91c1c";
const PAGE = { left: 36, right: 559, bottom: 800 };
const WIDTH = PAGE.right - PAGE.left;

type Column = { title: string; width: number; align: "left" | "right"; cell: (line: InvoiceLine, n: number) => string };

const percent = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 1)}%`;

/** The goods table's columns: CGST and SGST for a sale within the seller's state, IGST otherwise. */
function columnsFor(supplyType: InvoiceDocument["supplyType"]): Column[] {
  const taxes: Column[] =
    supplyType === "intra"
      ? [
          { title: "CGST", width: 50, align: "right", cell: (l) => formatAmount(l.cgst) },
          { title: "SGST", width: 50, align: "right", cell: (l) => formatAmount(l.sgst) },
        ]
      : [{ title: "IGST", width: 100, align: "right", cell: (l) => formatAmount(l.igst) }];
  return [
    { title: "#", width: 16, align: "left", cell: (_l, n) => String(n) },
    { title: "Description", width: 131, align: "left", cell: (l) => l.description },
    { title: "HSN/SAC", width: 42, align: "left", cell: (l) => l.hsn },
    { title: "Qty", width: 34, align: "right", cell: (l) => (l.kind === "goods" ? `${l.quantity} PCS` : "1") },
    { title: "Value", width: 56, align: "right", cell: (l) => formatAmount(l.gross) },
    { title: "Discount", width: 46, align: "right", cell: (l) => formatAmount(l.discount) },
    { title: "Taxable", width: 56, align: "right", cell: (l) => formatAmount(l.taxable) },
    { title: "Rate", width: 42, align: "right", cell: (l) => percent(l.rateBps) },
    ...taxes,
  ];
}

const shopDate = (epoch: number) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(new Date(epoch));

/**
 * Draws a tax invoice or credit note as an A4 PDF with every particular CGST Rule 46 (and Rule 53
 * for credit notes) asks for, and returns its bytes.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const title = `${document.kind === "invoice" ? "Tax invoice" : "Credit note"} ${document.number}`;
  const { doc, done } = startPdf(FONTS, {
    size: "A4",
    margins: { top: 36, bottom: 36, left: PAGE.left, right: 595.28 - PAGE.right },
    // A specimen's mark goes on every page once all are drawn.
    bufferPages: Boolean(document.specimen),
    info: {
      Title: document.specimen ? `${title} (specimen)` : title,
      Author: document.seller.legalName,
    },
  });

  // Each copy (the original, and the transporter's duplicate under an e-way bill) is the whole
  // document again, from a page of its own, headed with the copy it is.
  (document.copies ?? [ORIGINAL_COPY]).forEach((copy, index) => {
    if (index > 0) doc.addPage();
    let y = header(doc, document, copy);
    y = parties(doc, document, y);
    y = goodsTable(doc, document, y);
    y = rateSummary(doc, document, y);
    footer(doc, document, y);
  });
  if (document.specimen) markSpecimen(doc);
  doc.end();
  return done;
}

/**
 * A specimen's every page says so at its head, in red, so that a demo seller's document can never
 * pass for a tax invoice. (Words, not a rotated watermark: text laid across the page would break
 * into the lines a reader or a text extractor reads.)
 */
function markSpecimen(doc: PDFKit.PDFDocument) {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    doc.font("bold").fontSize(10).fillColor(RED).text(SPECIMEN_MARK, PAGE.left, 16, { width: WIDTH, align: "center" });
  }
}

/** The documents' headings in Hindi, printed beside the English ones. */
const HINDI_HEADINGS = {
  billTo: "बिल प्राप्तकर्ता",
  shipTo: "डिलीवरी का पता",
  grandTotal: "कुल राशि",
  totalCredit: "कुल जमा राशि",
  amountInWords: "राशि शब्दों में",
  taxByRate: "दर के अनुसार कर",
} as const;

function header(doc: PDFKit.PDFDocument, d: InvoiceDocument, copy: string): number {
  const title = d.kind === "invoice" ? "TAX INVOICE" : "CREDIT NOTE";
  const hindi = d.kind === "invoice" ? "कर बीजक" : "जमा पत्र";
  doc.font("bold").fontSize(22).fillColor(GOLD).text("Kesar", PAGE.left, 36);
  doc.font("bold").fontSize(15).fillColor(INK).text(title, PAGE.left, 36, { width: WIDTH, align: "right" });
  doc.font("regular").fontSize(10).fillColor(MUTED).text(hindi, PAGE.left, 56, { width: WIDTH, align: "right" });
  doc.text(copy, PAGE.left, 70, { width: WIDTH, align: "right" });

  doc.font("bold").fontSize(10).fillColor(INK).text(d.seller.legalName, PAGE.left, 66, { width: 300 });
  doc.font("regular").fontSize(8.5).fillColor(MUTED);
  doc.text(d.seller.address, { width: 300 });
  doc.text(`GSTIN: ${d.seller.gstin}`, { width: 300 });
  doc.text(`State: ${d.seller.stateName} (code ${d.seller.stateCode})`, { width: 300 });
  const sellerEnd = doc.y;

  const meta: [string, string][] = [
    [d.kind === "invoice" ? "Invoice No." : "Credit note No.", d.number],
    [d.kind === "invoice" ? "Invoice date" : "Credit note date", shopDate(d.date)],
  ];
  if (d.against) meta.push(["Against invoice", `${d.against.number} of ${shopDate(d.against.date)}`]);
  meta.push(
    ["Order No.", d.orderNumber],
    ["Place of supply", `${d.recipient.stateName} (${d.recipient.stateCode})`],
    ["Reverse charge", "No"],
    ["Payment", d.payment ?? "Cash on delivery"],
  );
  let metaY = 92;
  for (const [label, value] of meta) {
    doc.font("regular").fontSize(8.5).fillColor(MUTED).text(label, 350, metaY, { width: 85 });
    doc
      .font("bold")
      .fillColor(INK)
      .text(value, 435, metaY, { width: PAGE.right - 435, align: "right" });
    metaY = doc.y + 2;
  }
  const y = Math.max(sellerEnd, metaY) + 10;
  rule(doc, y);
  return y + 10;
}

function parties(doc: PDFKit.PDFDocument, d: InvoiceDocument, top: number): number {
  const r = d.recipient;
  const address = [r.address, `${r.city} ${r.pincode}`, `${r.stateName} (state code ${r.stateCode})`];
  const buyer = r.gstin ? [r.legalName ?? r.name, `GSTIN: ${r.gstin}`, `Attn. ${r.name}`] : [r.name];
  // The headings in English and Hindi (record 47); the buyer's own words print as typed, Devanagari
  // shaped by fontkit.
  const blocks: [string, string[]][] = [
    [`BILL TO · ${HINDI_HEADINGS.billTo}`, [...buyer, ...address, `Phone ${r.phone}`, r.email]],
    [`SHIP TO (DELIVERY ADDRESS) · ${HINDI_HEADINGS.shipTo}`, [r.name, ...address]],
  ];
  let bottom = top;
  blocks.forEach(([title, lines], i) => {
    const x = PAGE.left + i * (WIDTH / 2);
    doc
      .font("bold")
      .fontSize(8)
      .fillColor(MUTED)
      .text(title, x, top, { width: WIDTH / 2 - 12 });
    doc.font("regular").fontSize(9).fillColor(INK);
    for (const line of lines) doc.text(line, { width: WIDTH / 2 - 12 });
    bottom = Math.max(bottom, doc.y);
  });
  rule(doc, bottom + 8);
  return bottom + 16;
}

function goodsTable(doc: PDFKit.PDFDocument, d: InvoiceDocument, top: number): number {
  const columns = columnsFor(d.supplyType);
  const drawHead = (y: number) => {
    doc.rect(PAGE.left, y, WIDTH, 18).fill("#f4f4f5");
    let x = PAGE.left;
    doc.font("bold").fontSize(7.5).fillColor(INK);
    for (const column of columns) {
      doc.text(column.title, x + 2, y + 5, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    return y + 22;
  };
  let y = drawHead(top);
  d.lines.forEach((line, index) => {
    doc.font("regular").fontSize(8);
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.cell(line, index + 1), { width: c.width - 4 })));
    if (y + height > PAGE.bottom - 40) {
      doc.addPage();
      y = drawHead(36);
    }
    let x = PAGE.left;
    for (const column of columns) {
      doc.fillColor(INK).text(column.cell(line, index + 1), x + 2, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    y += height + 5;
    doc
      .moveTo(PAGE.left, y - 2)
      .lineTo(PAGE.right, y - 2)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  });
  return totalsBlock(doc, d, y);
}

/** The document's totals under its goods, the amount due in a band, and the amount in words. */
function totalsBlock(doc: PDFKit.PDFDocument, d: InvoiceDocument, top: number): number {
  let y = top;
  const t = d.totals;
  const discounts = d.discounts?.length ? d.discounts : [{ label: "discount", amount: t.discount }];
  const rows: [string, number][] = [
    ["Total value (inclusive of GST)", t.gross],
    ...discounts.map(({ label, amount }): [string, number] => [`Less: ${label}`, amount]),
    ["Taxable value", t.taxable],
  ];
  if (d.supplyType === "intra") rows.push(["CGST", t.cgst], ["SGST", t.sgst]);
  else rows.push(["IGST", t.igst]);
  y += 4;
  const row = (label: string, amount: string) => {
    doc.font("regular").fontSize(9).fillColor(MUTED).text(label, 300, y, { width: 160 });
    doc.fillColor(INK).text(amount, 460, y, { width: PAGE.right - 460, align: "right" });
    y = doc.y + 2;
  };
  for (const [label, amount] of rows) row(label, formatAmount(amount));
  // Outside the taxable value and the tax: it only brings the amount to a whole rupee (record 34).
  if (d.roundOff !== 0) row("Round off", `${d.roundOff < 0 ? "−" : "+"} ${formatAmount(Math.abs(d.roundOff))}`);
  doc.rect(300, y, PAGE.right - 300, 34).fill("#fef3c7");
  doc
    .font("bold")
    .fontSize(11)
    .fillColor(INK)
    .text(d.kind === "invoice" ? "Grand total" : "Total credit", 306, y + 5, { width: 150 });
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED)
    .text(d.kind === "invoice" ? HINDI_HEADINGS.grandTotal : HINDI_HEADINGS.totalCredit, 306, y + 20, { width: 150 });
  doc.font("bold").fontSize(11).fillColor(INK);
  doc.text(`₹ ${formatAmount(amountDue(d))}`, 440, y + 5, { width: PAGE.right - 446, align: "right" });
  y = settlementRows(doc, d, y + 40);
  doc
    .font("regular")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Amount in words · ${HINDI_HEADINGS.amountInWords}`, PAGE.left, y);
  doc
    .font("bold")
    .fontSize(9.5)
    .fillColor(INK)
    .text(rupeesInWords(amountDue(d)), PAGE.left, doc.y, { width: WIDTH });
  return doc.y + 12;
}

/** What of the total is settled already (store credit, a credit note), and the balance left to pay. */
function settlementRows(doc: PDFKit.PDFDocument, d: InvoiceDocument, top: number): number {
  const settlements = d.settlements ?? [];
  if (settlements.length === 0) return top;
  let y = top;
  // A settlement names its document ("Settled against credit note RC/26-27/000001"): its label
  // starts further left than the totals' so that it stays on one line.
  const row = (label: string, amount: string, bold = false) => {
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(9)
      .fillColor(bold ? INK : MUTED)
      .text(label, 240, y, { width: 220, align: "right" });
    doc.fillColor(INK).text(amount, 460, y, { width: PAGE.right - 460, align: "right" });
    y = doc.y + 2;
  };
  for (const settlement of settlements) row(settlement.label, `− ${formatAmount(settlement.amount)}`);
  const settled = settlements.reduce((sum, settlement) => sum + settlement.amount, 0);
  row("Balance to pay", `₹ ${formatAmount(amountDue(d) - settled)}`, true);
  return y + 8;
}

function rateSummary(doc: PDFKit.PDFDocument, d: InvoiceDocument, top: number): number {
  let y = top;
  if (y > PAGE.bottom - 140) {
    doc.addPage();
    y = 36;
  }
  doc.font("bold").fontSize(9).fillColor(INK).text(`Tax by rate · ${HINDI_HEADINGS.taxByRate}`, PAGE.left, y);
  y = doc.y + 4;
  const heads = ["Rate", "Taxable value", ...(d.supplyType === "intra" ? ["CGST", "SGST"] : ["IGST"]), "Total tax"];
  const width = WIDTH / heads.length;
  const row = (cells: string[], bold: boolean) => {
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(8.5)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      doc.text(cell, PAGE.left + i * width, y, { width: width - 6, align: i === 0 ? "left" : "right" });
    });
    y += 14;
  };
  row(heads, true);
  for (const s of d.summary) {
    const taxes = d.supplyType === "intra" ? [s.cgst, s.sgst] : [s.igst];
    row([percent(s.rateBps), ...[s.taxable, ...taxes, s.cgst + s.sgst + s.igst].map(formatAmount)], false);
  }
  return y + 8;
}

function footer(doc: PDFKit.PDFDocument, d: InvoiceDocument, top: number) {
  let y = top;
  if (y > PAGE.bottom - 90) {
    doc.addPage();
    y = 36;
  }
  rule(doc, y);
  doc.font("regular").fontSize(8).fillColor(MUTED);
  const notes = [
    ...(d.specimen
      ? [
          "SPECIMEN: the seller above is a demonstration company with a made-up GSTIN. This is not a tax invoice or credit note, and no tax is charged or payable on it.",
        ]
      : []),
    "Whether tax is payable on reverse charge: No.",
    d.kind === "invoice"
      ? [
          "Prices are inclusive of GST; the taxable value is worked back from them. Shipping follows the goods as part of one supply.",
          d.note,
        ]
          .filter(Boolean)
          .join(" ")
      : (d.note ??
        "Issued under section 34 of the CGST Act, 2017: the order was cancelled, and this note reverses the invoice above in full."),
    ...(d.roundOff !== 0
      ? ["The round off brings the amount to a whole rupee; it is not part of the taxable value."]
      : []),
  ];
  doc.text(notes.join(" "), PAGE.left, y + 8, { width: 300 });
  doc
    .font("bold")
    .fontSize(9)
    .fillColor(INK)
    .text(`For ${d.seller.legalName}`, 360, y + 8, {
      width: PAGE.right - 360,
      align: "right",
    });
  doc
    .moveTo(400, y + 48)
    .lineTo(PAGE.right, y + 48)
    .lineWidth(0.6)
    .strokeColor(INK)
    .stroke();
  const signatory = d.seller.signatory;
  const right = { width: PAGE.right - 360, align: "right" } as const;
  doc
    .font("bold")
    .fontSize(8.5)
    .fillColor(INK)
    .text(signatory.name, 360, y + 52, right);
  doc.font("regular").fontSize(8).fillColor(MUTED).text(signatory.designation, 360, doc.y, right);
  doc.text("Authorised signatory", 360, doc.y, right);
}

function rule(doc: PDFKit.PDFDocument, y: number) {
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.6).strokeColor(RULE).stroke();
}
