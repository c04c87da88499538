import { describe, expect, it } from "vitest";
import { DEMO_SELLER } from "../tax/seller.ts";
import { gstr1FileErrors } from "../testing/gstr1-schema.ts";
import type { GstReport } from "./gst-report.service.ts";
import { gstr1Json } from "./gstr1-json.ts";

/** A month with nothing in it; tests add what they need. */
function emptyMonth(month: string, fields: Partial<GstReport> = {}): GstReport {
  const none = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  const series = (nature: "Invoices for outward supply" | "Credit notes", prefix: string) => ({
    nature,
    series: prefix,
    first: null,
    last: null,
    total: 0,
    cancelled: 0,
    netIssued: 0,
  });
  return {
    month,
    b2b: [],
    b2cl: [],
    b2cs: [],
    b2csa: [],
    cdnr: [],
    cdnur: [],
    hsnB2b: [],
    hsnB2c: [],
    documents: [
      series("Invoices for outward supply", "KS"),
      series("Credit notes", "CN"),
      series("Credit notes", "RC"),
    ],
    totals: { invoices: none, creditNotes: none, net: none },
    ...fields,
  };
}

describe("the GSTR-1 file for the offline tool", () => {
  it("leaves out every table a month has nothing in, as the tool does, and is still a valid file", () => {
    const json = gstr1Json(emptyMonth("2026-08"), DEMO_SELLER.gstin);
    expect(json).toEqual({ gstin: DEMO_SELLER.gstin, fp: "082026", version: "GST3.2.4", hash: "hash" });
    expect(gstr1FileErrors(json)).toEqual([]);
  });

  it("files the HSN summary as one table before May 2025 and as B2B and B2C tabs from then", () => {
    const row = { hsn: "6204", rateBps: 500, quantity: 2, taxable: 2_000_00, cgst: 50_00, sgst: 50_00, igst: 0 };
    const rows = { hsnB2b: [row], hsnB2c: [{ ...row, quantity: 1, taxable: 1_000_00, cgst: 0, sgst: 0, igst: 50_00 }] };
    const before = gstr1Json(emptyMonth("2025-04", rows), DEMO_SELLER.gstin);
    expect(before.hsn).toEqual({
      data: [
        expect.objectContaining({ hsn_sc: "6204", uqc: "PCS", qty: 3, txval: 3000, camt: 50, samt: 50, iamt: 50 }),
      ],
    });
    const after = gstr1Json(emptyMonth("2025-05", rows), DEMO_SELLER.gstin);
    expect(after.hsn).toMatchObject({
      hsn_b2b: [{ qty: 2, txval: 2000, camt: 50, samt: 50 }],
      hsn_b2c: [{ qty: 1, txval: 1000, iamt: 50 }],
    });
    expect(after.hsn && "hsn_b2b" in after.hsn ? after.hsn.hsn_b2b?.[0] : null).not.toHaveProperty("iamt");
    for (const json of [before, after]) expect(gstr1FileErrors(json)).toEqual([]);
  });

  it("is refused by the schema when a tax head that does not apply is written as a zero", () => {
    const json = gstr1Json(
      emptyMonth("2026-08", {
        b2cs: [
          {
            stateCode: "27",
            stateName: "Maharashtra",
            supplyType: "intra",
            rateBps: 500,
            taxable: 95_24,
            cgst: 2_38,
            sgst: 2_38,
            igst: 0,
          },
        ],
      }),
      DEMO_SELLER.gstin,
    );
    expect(gstr1FileErrors(json)).toEqual([]);
    expect(gstr1FileErrors({ ...json, b2cs: json.b2cs?.map((row) => ({ ...row, iamt: 0 })) })).not.toEqual([]);
  });
});
