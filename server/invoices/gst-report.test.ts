import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus, orderByAccessToken } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { returnDocument } from "../returns/return-documents.ts";
import { requestReturn } from "../returns/returns.service.ts";
import { gstinCheckCharacter } from "../tax/gstin.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { gstr1FileErrors } from "../testing/gstr1-schema.ts";
import { deliveredOrder, takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { type Amounts, type GstReport, gstReport } from "./gst-report.service.ts";
import { gstReportCsv } from "./gst-report-files.ts";
import { gstr1Json } from "./gstr1-json.ts";
import type { InvoiceDocument } from "./invoice.schemas.ts";
import { invoiceDocument } from "./invoices.service.ts";

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const MUMBAI_BUSINESS = gstin("27AAACR5055K1Z");
const KOLKATA_BUSINESS = gstin("19AAFCS1234B1Z");
const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };
const AHMEDABAD = { address: "4 Relief Road", city: "Ahmedabad", stateCode: "24", pincode: "380001" };
const ADMIN = actorFor({ id: "admin", email: "owner@example.com" }, "admin");

/** Moments of June 2026, India time, a day apart, in the order the documents are issued. */
const june = (day: number) => Date.UTC(2026, 5, day, 6, 30);

type Kind = "b2b" | "b2cl" | "b2cs";
type Placed = { id: number; token: string; kind: Kind; cancelledOn?: number };

async function sell(db: Db, buyer: Actor, price: number, details: Record<string, unknown>, at: number) {
  const product = await makeProduct(db, { price, hsn: "6204", sizes: { M: 10 } });
  await addToCart(db, buyer, { productId: product, size: "M" });
  return placeOrder(db, buyer, checkoutDetails(details), atShop(at));
}

/** A month of every kind of sale: B2B within and across states, B2C large and small, with cancellations. */
async function aMonthOfOrders(db: Db): Promise<Placed[]> {
  const customer = actorFor(await makeCustomer(db));
  const business = { gstin: MUMBAI_BUSINESS, businessName: "Rao Uniforms LLP" };
  const kinds: [Kind, Actor, number, Record<string, unknown>, number?][] = [
    ["b2cs", makeVisitor(), 249_900, {}],
    ["b2cs", makeVisitor(), 269_900, {}, 20],
    ["b2cs", makeVisitor(), 189_900, KOLKATA],
    ["b2cs", makeVisitor(), 1_49_000_00, {}],
    ["b2cl", makeVisitor(), 1_20_000_00, KOLKATA],
    ["b2cl", makeVisitor(), 1_80_000_00, KOLKATA, 22],
    ["b2b", customer, 4_99_900, business],
    ["b2b", makeVisitor(), 2_99_900, { ...KOLKATA, gstin: KOLKATA_BUSINESS, businessName: "Sen Gifts" }, 24],
  ];
  const placed: Placed[] = [];
  for (const [i, [kind, buyer, price, details, cancelledOn]] of kinds.entries()) {
    const order = await sell(db, buyer, price, details, june(2 + i));
    placed.push({ id: order.id, token: order.accessToken, kind, cancelledOn });
  }
  for (const order of placed.filter((entry) => entry.cancelledOn)) {
    await changeStatus(
      db,
      SYSTEM,
      { orderId: order.id, from: "placed", to: "cancelled" },
      june(order.cancelledOn ?? 28),
    );
  }
  return placed;
}

const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
function addInto(target: Amounts, row: Amounts, sign = 1) {
  for (const key of ["taxable", "cgst", "sgst", "igst"] as const) target[key] += sign * row[key];
  return target;
}
const total = (rows: readonly Amounts[]) => rows.reduce((sum, row) => addInto(sum, row), zero());

describeEachDatabase("GSTR-1 for a month", (database) => {
  it("puts every invoice and credit note in its table, with the sums of the documents themselves", async () => {
    const { db } = database();
    const placed = await aMonthOfOrders(db);
    const report = await gstReport(db, ADMIN, "2026-06");
    const documents = await Promise.all(
      placed.map(async (entry) => {
        const order = await orderByAccessToken(db, entry.token);
        const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
        return { ...entry, order, invoice };
      }),
    );
    const of = (kind: Kind) => documents.filter((entry) => entry.kind === kind);
    const cancelled = (kind: Kind) => of(kind).filter((entry) => entry.cancelledOn);

    // B2B and B2CL: each invoice on its own, with its value and its tax; CDNR and CDNUR: each credit note.
    expect(report.b2b.map((d) => [d.number, d.buyerGstin, d.value, total(d.rows)])).toEqual(
      of("b2b").map((e) => [e.invoice.number, e.order.buyerGstin, e.order.total, pick(e.invoice.totals)]),
    );
    expect(report.b2cl.map((d) => [d.number, d.stateCode, d.value, total(d.rows)])).toEqual(
      of("b2cl").map((e) => [e.invoice.number, "19", e.order.total, pick(e.invoice.totals)]),
    );
    expect(report.cdnr.map((d) => [d.invoiceNumber, d.buyerGstin, total(d.rows)])).toEqual(
      cancelled("b2b").map((e) => [e.invoice.number, KOLKATA_BUSINESS, pick(e.invoice.totals)]),
    );
    expect(report.cdnur.map((d) => [d.invoiceNumber, d.value, total(d.rows)])).toEqual(
      cancelled("b2cl").map((e) => [e.invoice.number, e.order.total, pick(e.invoice.totals)]),
    );
    expect(report.cdnur[0]?.number).toMatch(/^CN\/26-27\/\d{6}$/);

    // B2CS: the small invoices less their own credit notes, by state and rate; never a large one.
    const b2cs = new Map<string, Amounts>();
    for (const entry of of("b2cs")) {
      for (const line of entry.invoice.lines) {
        const key = `${entry.order.stateCode}|${line.rateBps}`;
        const sums = b2cs.get(key) ?? zero();
        b2cs.set(key, addInto(addInto(sums, line), line, entry.cancelledOn ? -1 : 0));
      }
    }
    const expectedB2cs = [...b2cs].filter(([, sums]) => sums.taxable !== 0);
    expect(report.b2cs.map((row) => [`${row.stateCode}|${row.rateBps}`, pick(row)]).sort()).toEqual(
      expectedB2cs.map(([key, sums]) => [key, sums]).sort(),
    );
    expect(report.b2cs.every((row) => row.supplyType === (row.stateCode === "27" ? "intra" : "inter"))).toBe(true);

    // HSN: goods' HSN only (shipping goes with the goods), pieces counted, net of credit notes.
    const hsnRows = [...report.hsnB2b, ...report.hsnB2c];
    expect(hsnRows.every((row) => row.hsn === "6204")).toBe(true);
    const net = documents.reduce(
      (sum, entry) => addInto(sum, pick(entry.invoice.totals), entry.cancelledOn ? 0 : 1),
      zero(),
    );
    expect(total(hsnRows)).toEqual(net);
    expect(report.hsnB2b.reduce((sum, row) => sum + row.quantity, 0)).toBe(1);
    expect(report.hsnB2c.reduce((sum, row) => sum + row.quantity, 0)).toBe(4);
    expect(report.totals.net).toEqual(net);
    expect(report.totals.invoices).toEqual(total(documents.map((entry) => pick(entry.invoice.totals))));

    // Documents issued: every number of each series, none cancelled.
    const numbers = documents.map((entry) => entry.invoice.number).sort();
    expect(report.documents[0]).toMatchObject({
      first: numbers[0],
      last: numbers.at(-1),
      total: 8,
      cancelled: 0,
      netIssued: 8,
    });
    expect(report.documents[1]).toMatchObject({ total: 3, netIssued: 3 });
    expectFilesToAgree(report);
  });

  it("counts returns' credit notes and replacements' invoices as it counts cancellations' notes and invoices", async () => {
    const { db } = database();
    const filed = await aMonthOfReturns(db);
    const report = await gstReport(db, ADMIN, "2026-07");
    const of = (table: Kind, note: boolean) =>
      filed
        .filter((entry) => entry.table === table && entry.note === note)
        .sort((a, b) => a.document.number.localeCompare(b.document.number));
    const listedAs = (entries: readonly Filed[]) =>
      entries.map(({ document }) => [
        document.number,
        document.against?.number ?? document.number,
        document.totals.total,
        pick(document.totals),
      ]);
    const listed = (documents: GstReport["b2b"]) =>
      documents.map((d) => [d.number, d.invoiceNumber, d.value, total(d.rows)]);

    // Each return's note goes where its invoice went: CDNR for a business, CDNUR for a large one.
    expect(listed(report.cdnr)).toEqual(listedAs(of("b2b", true)));
    expect(listed(report.cdnur)).toEqual(listedAs(of("b2cl", true)));
    expect(report.cdnr.map((d) => d.number)).toEqual([expect.stringMatching(/^RC\//)]);
    expect(report.cdnur.map((d) => d.number)).toEqual([expect.stringMatching(/^RC\//), expect.stringMatching(/^RC\//)]);
    // A replacement is invoiced like any sale, by its own value: the large one on its own.
    expect(report.b2b.map((d) => d.number)).toEqual(numbersOf(of("b2b", false)));
    expect(report.b2cl.map((d) => [d.number, d.value])).toEqual(
      of("b2cl", false).map(({ document }) => [document.number, document.totals.total]),
    );
    expect(report.b2cl).toHaveLength(3);

    // B2CS: the small invoices, replacements included, less every note against a small invoice.
    const b2cs = new Map<string, Amounts>();
    for (const entry of filed.filter((e) => e.table === "b2cs")) {
      for (const line of entry.document.lines) {
        const key = `${entry.document.recipient.stateCode}|${line.rateBps}`;
        b2cs.set(key, addInto(b2cs.get(key) ?? zero(), line, entry.note ? -1 : 1));
      }
    }
    expect(report.b2cs.map((row) => [`${row.stateCode}|${row.rateBps}`, pick(row)]).sort()).toEqual(
      [...b2cs].filter(([, sums]) => sums.taxable !== 0).sort(),
    );

    // HSN and totals: every invoice less every note; the pieces count the same way.
    const signed = (entry: Filed) => (entry.note ? -1 : 1);
    const net = filed.reduce((sum, entry) => addInto(sum, pick(entry.document.totals), signed(entry)), zero());
    expect(total([...report.hsnB2b, ...report.hsnB2c])).toEqual(net);
    expect(report.totals.net).toEqual(net);
    const pieces = (entry: Filed) =>
      entry.document.lines.filter((l) => l.kind === "goods").reduce((n, l) => n + l.quantity, 0);
    expect(report.hsnB2b.reduce((n, row) => n + row.quantity, 0)).toBe(
      filed.filter((e) => e.table === "b2b").reduce((n, e) => n + signed(e) * pieces(e), 0),
    );

    // Documents issued: invoices and replacements in one series, the two series of credit notes apart.
    const series = (prefix: string) => numbersOf(filed.filter((entry) => entry.document.number.startsWith(prefix)));
    for (const [prefix, row] of [
      ["KS/", report.documents[0]],
      ["CN/", report.documents[1]],
      ["RC/", report.documents[2]],
    ] as const) {
      const numbers = series(prefix);
      expect(row).toMatchObject({
        first: numbers[0],
        last: numbers.at(-1),
        total: numbers.length,
        netIssued: numbers.length,
      });
    }
    expect(report.documents.map((row) => [row.nature, row.series, row.total])).toEqual([
      ["Invoices for outward supply", "KS", 7],
      ["Credit notes", "CN", 1],
      ["Credit notes", "RC", 5],
    ]);
    expectFilesToAgree(report);
    const json = gstr1Json(report, DEMO_SELLER.gstin);
    expect(
      json.doc_issue?.doc_det.map((entry) => [
        entry.doc_num,
        entry.doc_typ,
        entry.docs.map((doc) => doc.from.slice(0, 2)),
      ]),
    ).toEqual([
      [1, "Invoices for outward supply", ["KS"]],
      [5, "Credit Note", ["CN", "RC"]],
    ]);
    expect(json.cdnr?.flatMap((buyer) => buyer.nt.map((note) => note.nt_num))).toEqual(
      report.cdnr.map((d) => d.number),
    );
  });

  it("files an April credit note on a small March invoice as March's B2CS amendment (table 10), no row negative", async () => {
    const { db } = database();
    // A year after the other months here, so that these documents' dates follow theirs in each series.
    const march = (day: number) => Date.UTC(2027, 2, day, 6, 30);
    const april = (day: number) => Date.UTC(2027, 3, day, 6, 30);
    const buyer = actorFor(await makeCustomer(db));
    // March: a ₹2,098 kurta to Ahmedabad (IGST 5 %), with ₹100 shipping; delivered, then returned in April.
    const kurta = await makeProduct(db, { price: 209_800, hsn: "6204", sizes: { M: 5 } });
    const sold = await deliveredOrder(
      db,
      buyer,
      [{ productId: kurta, size: "M", quantity: 1 }],
      AHMEDABAD,
      atShop(march(25)),
    );
    // April: another Gujarat sale of ₹999, the month's own B2C small supply there.
    await sell(db, makeVisitor(), 99_900, AHMEDABAD, april(1));
    const which = { orderNumber: sold.orderNumber };
    const { id } = await requestReturn(
      db,
      { returnDays: 14 },
      buyer,
      which,
      { position: 0, quantity: 1, kind: "refund", reason: "too-small", refundMethod: "store-credit" },
      april(2),
    );
    await takeThrough(db, id, "refunded", april(3));
    const note = await returnDocument(db, buyer, which, id, "credit-note", DEMO_SIGNATORY);
    expect(note.totals).toMatchObject({ taxable: 199_810, igst: 9_990 });

    const report = await gstReport(db, ADMIN, "2027-04");
    // April's B2CS is April's own sale, untouched by a note on a March invoice (it was −1,998.10 before).
    expect(report.b2cs).toEqual([
      expect.objectContaining({ stateCode: "24", supplyType: "inter", rateBps: 500, taxable: 104_667, igst: 5_233 }),
    ]);
    // Table 10 revises March's Gujarat 5 % row: the kurta and shipping, less the kurta credited.
    expect(report.b2csa).toEqual([
      expect.objectContaining({
        originalMonth: "2027-03",
        stateCode: "24",
        supplyType: "inter",
        rateBps: 500,
        taxable: 9_524,
        igst: 476,
        cgst: 0,
        sgst: 0,
      }),
    ]);
    // The HSN summary is the month's own: April's one piece, never −1 (table 12 cannot amend March).
    expect(report.hsnB2c.map((row) => [row.hsn, row.quantity, row.taxable])).toEqual([["6204", 1, 104_667]]);
    expect(report.totals.creditNotes).toEqual({ taxable: 199_810, cgst: 0, sgst: 0, igst: 9_990 });
    expect(report.documents.map((row) => [row.series, row.total])).toEqual([
      ["KS", 1],
      ["CN", 0],
      ["RC", 1],
    ]);
    expectFilesToAgree(report);
    const json = gstr1Json(report, DEMO_SELLER.gstin);
    expect(json.b2csa).toEqual([
      { omon: "032027", sply_ty: "INTER", typ: "OE", pos: "24", itms: [{ rt: 5, txval: 95.24, iamt: 4.76 }] },
    ]);
    expect(json.b2cs).toEqual([{ sply_ty: "INTER", rt: 5, typ: "OE", pos: "24", txval: 1046.67, iamt: 52.33 }]);
    // No empty series: April issued no CN note, so the credit notes list RC alone.
    expect(json.doc_issue?.doc_det.map((entry) => [entry.doc_typ, entry.docs.map((doc) => doc.from)])).toEqual([
      ["Invoices for outward supply", [expect.stringMatching(/^KS\/27-28\//)]],
      ["Credit Note", [note.number]],
    ]);
    expect(json.hsn).toEqual({
      hsn_b2c: [
        {
          num: 1,
          hsn_sc: "6204",
          desc: expect.stringMatching(/^WOMEN'S OR GIRLS' SUITS/),
          uqc: "PCS",
          qty: 1,
          rt: 5,
          txval: 1046.67,
          iamt: 52.33,
        },
      ],
    });

    // March's return stays as it was filed: the kurta and its shipping.
    const marchReport = await gstReport(db, ADMIN, "2027-03");
    expect(marchReport.b2cs).toEqual([expect.objectContaining({ stateCode: "24", taxable: 199_810 + 9_524 })]);
    expect(marchReport.b2csa).toEqual([]);
  });

  it("refuses a business invoice whose GSTIN is malformed, of another state, or without a business name", async () => {
    const { db } = database();
    const shopper = makeVisitor();
    await addToCart(db, shopper, { productId: await makeProduct(db), size: "M" });
    const refused = async (details: Record<string, unknown>) =>
      failure(placeOrder(db, shopper, checkoutDetails(details), atShop()));
    const wrongCheck = `${MUMBAI_BUSINESS.slice(0, 14)}${MUMBAI_BUSINESS.endsWith("A") ? "B" : "A"}`;
    expect((await refused({ gstin: wrongCheck, businessName: "Rao Uniforms" })).message).toMatch(/not valid/);
    expect((await refused({ gstin: "27ABC", businessName: "Rao Uniforms" })).message).toMatch(/15 characters/);
    expect((await refused({ gstin: KOLKATA_BUSINESS, businessName: "Sen Gifts" })).message).toMatch(
      /registered in West Bengal/,
    );
    expect((await refused({ gstin: MUMBAI_BUSINESS })).message).toMatch(/business name/);
    // Spaces and small letters are how people type it.
    const placed = await placeOrder(
      db,
      shopper,
      checkoutDetails({ gstin: ` ${MUMBAI_BUSINESS.toLowerCase()} `, businessName: "Rao Uniforms LLP" }),
      atShop(),
    );
    const order = await orderByAccessToken(db, placed.accessToken);
    expect(order).toMatchObject({ buyerGstin: MUMBAI_BUSINESS, buyerLegalName: "Rao Uniforms LLP" });
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    expect(invoice.recipient).toMatchObject({ gstin: MUMBAI_BUSINESS, legalName: "Rao Uniforms LLP" });
  });
});

const pick = ({ taxable, cgst, sgst, igst }: Amounts): Amounts => ({ taxable, cgst, sgst, igst });

/** Moments of July 2026, India time (a month of its own, apart from June's documents above). */
const july = (day: number) => Date.UTC(2026, 6, day, 6, 30);

/** A document of the month with the GSTR-1 table it belongs to, worked out from the document itself. */
type Filed = { table: Kind; note: boolean; document: InvoiceDocument };

/**
 * A month of returns: refunds and size exchanges of B2C small, B2B and B2C large invoices, a large
 * replacement invoiced on its own, and a cash parcel returned to origin. Answers every document the
 * month issued, each with its table.
 */
async function aMonthOfReturns(db: Db): Promise<Filed[]> {
  const filed: Filed[] = [];
  const tableOf = (order: { buyerGstin: string | null; stateCode: string }, value: number): Kind =>
    order.buyerGstin ? "b2b" : order.stateCode !== "27" && value > 1_00_000_00 ? "b2cl" : "b2cs";
  const sale = atShop(july(2));
  const sizes = { M: 5, L: 5 };
  const buy = async (buyer: Actor, price: number, quantity: number, details: Record<string, unknown>) => {
    const productId = await makeProduct(db, { price, hsn: "6204", sizes });
    const placed = await deliveredOrder(db, buyer, [{ productId, size: "M", quantity }], details, sale);
    const order = await orderByAccessToken(db, placed.accessToken);
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    filed.push({ table: tableOf(order, order.total), note: false, document: invoice });
    return { buyer, order, which: { accessToken: placed.accessToken } };
  };
  const giveBack = async (
    bought: Awaited<ReturnType<typeof buy>>,
    kind: "refund" | "exchange",
    day: number,
    extra: Record<string, unknown> = {},
  ) => {
    const { id } = await requestReturn(
      db,
      { returnDays: 14 },
      bought.buyer,
      bought.which,
      { position: 0, quantity: 1, kind, reason: "too-small", exchangeSize: "L", ...extra },
      july(day),
    );
    await takeThrough(db, id, kind === "refund" ? "refunded" : "exchange-shipped", july(day + 1));
    const note = await returnDocument(db, bought.buyer, bought.which, id, "credit-note", DEMO_SIGNATORY);
    filed.push({ table: tableOf(bought.order, bought.order.total), note: true, document: note });
    if (kind === "exchange") {
      const invoice = await returnDocument(db, bought.buyer, bought.which, id, "invoice", DEMO_SIGNATORY);
      filed.push({ table: tableOf(bought.order, invoice.totals.total), note: false, document: invoice });
    }
  };
  const upi = { refundMethod: "upi", upiId: "asha@okaxis" };
  const mumbai = await buy(actorFor(await makeCustomer(db)), 249_900, 2, {});
  await giveBack(mumbai, "refund", 6, { refundMethod: "store-credit" });
  await giveBack(mumbai, "exchange", 8);
  const business = await buy(makeVisitor(), 499_900, 2, { ...KOLKATA, gstin: KOLKATA_BUSINESS, businessName: "Sen" });
  await giveBack(business, "refund", 6, upi);
  const large = await buy(makeVisitor(), 1_20_000_00, 1, KOLKATA);
  await giveBack(large, "exchange", 6);
  const halves = await buy(makeVisitor(), 60_000_00, 2, KOLKATA);
  await giveBack(halves, "refund", 7, upi);

  const refused = makeVisitor();
  await addToCart(db, refused, { productId: await makeProduct(db, { price: 189_900, hsn: "6204", sizes }), size: "M" });
  const placed = await placeOrder(db, refused, checkoutDetails(), atShop(july(3)));
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" }, july(4));
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "returned-to-origin" }, july(9));
  const order = await orderByAccessToken(db, placed.accessToken);
  for (const kind of ["invoice", "credit-note"] as const)
    filed.push({
      table: "b2cs",
      note: kind === "credit-note",
      document: await invoiceDocument(db, order, kind, DEMO_SIGNATORY),
    });
  return filed;
}

const numbersOf = (filed: readonly Filed[]) => filed.map((entry) => entry.document.number).sort();

/**
 * The CSV and the offline tool's JSON carry the same documents and figures as the screen; the JSON is
 * valid against the tool's format, and no B2CS or B2CSA row is negative.
 */
function expectFilesToAgree(report: GstReport) {
  const json = gstr1Json(report, DEMO_SELLER.gstin);
  const [year, month] = report.month.split("-");
  expect(gstr1FileErrors(json)).toEqual([]);
  expect(json).toMatchObject({ gstin: DEMO_SELLER.gstin, fp: `${month}${year}`, version: "GST3.2.4", hash: "hash" });
  expect(json.b2b?.flatMap((buyer) => buyer.inv.map((invoice) => invoice.inum)) ?? []).toEqual(
    report.b2b.map((d) => d.number),
  );
  expect(json.b2cl?.flatMap((place) => place.inv.map((invoice) => invoice.inum)) ?? []).toEqual(
    report.b2cl.map((d) => d.number),
  );
  expect(json.cdnur?.map((note) => [note.typ, note.nt_num]) ?? []).toEqual(report.cdnur.map((d) => ["B2CL", d.number]));
  const b2csTaxable = (json.b2cs ?? []).reduce((sum, row) => sum + Math.round(row.txval * 100), 0);
  expect(b2csTaxable).toBe(report.b2cs.reduce((sum, row) => sum + row.taxable, 0));
  for (const row of [...report.b2cs, ...report.b2csa]) {
    expect(
      [row.taxable, row.cgst, row.sgst, row.igst].every((amount) => amount >= 0),
      JSON.stringify(row),
    ).toBe(true);
  }
  const hsn = json.hsn && "hsn_b2c" in json.hsn ? [...(json.hsn.hsn_b2b ?? []), ...(json.hsn.hsn_b2c ?? [])] : [];
  expect(hsn.every((row) => row.uqc === "PCS" && row.desc?.startsWith("WOMEN'S OR GIRLS' SUITS"))).toBe(true);
  const csv = gstReportCsv(report);
  for (const document of [...report.b2b, ...report.b2cl, ...report.cdnr, ...report.cdnur]) {
    expect(csv).toContain(document.number);
  }
}
