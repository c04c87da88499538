import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pdfText } from "../testing/pdf-text.ts";
import { renderShippingLabels, type ShippingLabel } from "./labels.ts";
import { type PackingSlip, renderPackingSlips } from "./packing-slips.ts";
import { renderParcelPapers } from "./parcel-papers.ts";
import { aggregatePickList, type PickOrder, renderPickList } from "./pick-lists.ts";

/** Each page's size in points, as poppler's pdfinfo reads the PDF. */
function pageSizes(pdf: Buffer): string[] {
  const info = execFileSync("pdfinfo", ["-f", "1", "-l", "9999", "-"], { input: pdf }).toString();
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
    (match) => `${match[1]} x ${match[2]}`,
  );
}

const LABEL: ShippingLabel = {
  awb: "19041424751540",
  courierName: "Delhivery Surface",
  routingCode: "S2/BOM/1A",
  orderNumber: "KS-100123",
  orderedAt: Date.parse("2026-11-27T10:30:00+05:30"),
  payment: { method: "cod", collect: 249_900 },
  to: {
    name: "Asha Verma",
    address: "Flat 7, Palm Court, Linking Road, Bandra West",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400050",
    phone: "98200 12345",
  },
  from: {
    name: "Kesar Fashion Private Limited",
    address: "Shop 4, Sea Breeze Arcade, 27 Hill Road, Bandra West, Mumbai 400050",
    phone: "022 2640 0000",
    gstin: "27AAKCK4521R1ZX",
  },
  parcel: { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 4 },
  pieces: 2,
};

const SLIP: PackingSlip = {
  orderNumber: "KS-100123",
  orderedAt: Date.parse("2026-11-27T10:30:00+05:30"),
  shipTo: { name: "Asha Verma", city: "Mumbai", pincode: "400050" },
  lines: [
    { title: "Zainab Embroidered Lawn 3-Piece Suit", size: "M", quantity: 1, unitPrice: 429_900 },
    { title: "Kundan Jhumka Earrings", size: "One Size", quantity: 2, unitPrice: 89_900, nonReturnable: true },
  ],
  total: 609_700,
  collect: 609_700,
  gift: false,
  returns: { days: 14, url: "https://kesar.in/orders" },
  trackingUrl: "https://kesar.in/track/Ab3dEf6hIj9kLm2nOp5qRs8tUv1w",
};

describe("the 4×6 shipping label", () => {
  it("is a 288 × 432 pt page with the AWB, the cash to collect, whom it goes to and the order", async () => {
    const pdf = await renderShippingLabels([LABEL]);
    expect(pageSizes(pdf)).toEqual(["288 x 432"]);
    const text = pdfText(pdf);
    expect(text).toContain("AWB 19041424751540");
    expect(text).toContain("COD · COLLECT");
    expect(text).toContain("₹2,499");
    expect(text).toContain("Asha Verma");
    expect(text).toContain("PIN 400050");
    expect(text).toContain("Order KS-100123");
    expect(text).toContain("Route S2/BOM/1A");
    expect(text).toContain("IF UNDELIVERED, RETURN TO Kesar Fashion Private Limited");
  });

  it("says PREPAID and no amount on a parcel paid online, and takes a name written in Hindi", async () => {
    const pdf = await renderShippingLabels([
      { ...LABEL, awb: "SF123456789XB", payment: { method: "prepaid" }, to: { ...LABEL.to, name: "आशा वर्मा" } },
    ]);
    const text = pdfText(pdf);
    expect(text).toContain("PREPAID");
    expect(text).toContain("AWB SF123456789XB");
    expect(text).not.toContain("₹");
    expect(text).not.toContain("COD");
  });

  it("prints many labels as one PDF, a page each", async () => {
    const labels = Array.from({ length: 12 }, (_, n) => ({
      ...LABEL,
      awb: `190414247515${String(n).padStart(2, "0")}`,
    }));
    const pdf = await renderShippingLabels(labels);
    expect(pageSizes(pdf)).toEqual(Array.from({ length: 12 }, () => "288 x 432"));
    const text = pdfText(pdf);
    for (const label of labels) expect(text).toContain(`AWB ${label.awb}`);
  });
});

describe("the packing slip", () => {
  it("lists the pieces with sizes, quantities and prices, what to pay at the door, how to return and the tracking link", async () => {
    const pdf = await renderPackingSlips([SLIP]);
    expect(pageSizes(pdf)).toEqual(["288 x 432"]);
    const text = pdfText(pdf);
    expect(text).toContain("Order KS-100123");
    expect(text).toMatch(/Zainab Embroidered Lawn 3-Piece\s+×\s?1\s+₹4,299 Suit Size M/);
    expect(text).toMatch(/Kundan Jhumka Earrings\s+×\s?2\s+₹1,798/);
    expect(text).toContain("One Size · not returnable");
    expect(text).toContain("Pay ₹6,097 at the door");
    expect(text).toContain("Within 14 days of delivery");
    expect(text).toMatch(/https:\/\/kesar\.in\/track\/\s?Ab3dEf6hIj9kLm2nOp5qRs8tUv1w/);
  });

  it("prints each piece's SKU and barcode, for the bench to check the piece by its tag", async () => {
    const lines = [{ ...SLIP.lines[0], sku: "KSR-7-M", barcode: "8901234567890" }] as PackingSlip["lines"];
    const text = pdfText(await renderPackingSlips([{ ...SLIP, lines }]));
    expect(text).toContain("Size M · SKU KSR-7-M · 8901234567890");
  });

  it("shows no price at all on a gift, and its message", async () => {
    const pdf = await renderPackingSlips([{ ...SLIP, gift: true, giftMessage: "Happy birthday, Meera!" }]);
    const text = pdfText(pdf);
    expect(text).toContain("A gift for you");
    expect(text).toContain("Happy birthday, Meera!");
    expect(text).toContain("Zainab Embroidered Lawn 3-Piece");
    expect(text).toMatch(/Kundan Jhumka Earrings\s+×\s?2/);
    expect(text).not.toContain("₹");
    expect(text).not.toContain("PRICE");
    expect(text).not.toContain("Pay ");
  });

  it("continues on another page when the pieces do not fit", async () => {
    const lines = Array.from({ length: 14 }, (_, n) => ({
      title: `Chikankari Kurta number ${n + 1} with mirror work`,
      size: "L",
      quantity: 1,
      unitPrice: 99_900,
    }));
    const pdf = await renderPackingSlips([{ ...SLIP, lines }]);
    const pages = pageSizes(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(new Set(pages)).toEqual(new Set(["288 x 432"]));
    const text = pdfText(pdf);
    expect(text).toContain("Continued on the next page");
    expect(text).toContain("Packing slip (continued)");
    for (let n = 1; n <= lines.length; n++) expect(text).toContain(`Chikankari Kurta number ${n} with`);
  });
});

describe("the pick list", () => {
  const orders: PickOrder[] = [
    {
      orderNumber: "KS-100123",
      lines: [
        { productId: 7, title: "Zainab Lawn Suit", size: "M", quantity: 1 },
        { productId: 3, title: "Kundan Jhumka", size: "One Size", quantity: 2 },
      ],
    },
    {
      orderNumber: "KS-100124",
      lines: [
        { productId: 7, title: "Zainab Lawn Suit", size: "L", quantity: 1 },
        { productId: 7, title: "Zainab Lawn Suit", size: "M", quantity: 2 },
      ],
    },
    { orderNumber: "KS-100125", lines: [{ productId: 7, title: "Zainab Lawn Suit", size: "S", quantity: 1 }] },
  ];

  it("prints each row's SKU and barcode under its title", async () => {
    const withCodes: PickOrder[] = [
      {
        orderNumber: "KS-1",
        lines: [{ productId: 7, title: "Zainab Lawn Suit", size: "M", quantity: 1, sku: "KSR-7-M", barcode: "ZL-M" }],
      },
    ];
    const text = pdfText(await renderPickList({ name: "Morning batch", printedAt: Date.now(), orders: withCodes }));
    expect(text).toContain("KSR-7-M · ZL-M");
  });

  it("adds up each product and size across the batch, with the orders it goes to, in shelf order", () => {
    expect(aggregatePickList(orders)).toEqual([
      {
        productId: 3,
        title: "Kundan Jhumka",
        size: "One Size",
        quantity: 2,
        orders: [{ orderNumber: "KS-100123", quantity: 2 }],
      },
      {
        productId: 7,
        title: "Zainab Lawn Suit",
        size: "S",
        quantity: 1,
        orders: [{ orderNumber: "KS-100125", quantity: 1 }],
      },
      {
        productId: 7,
        title: "Zainab Lawn Suit",
        size: "M",
        quantity: 3,
        orders: [
          { orderNumber: "KS-100123", quantity: 1 },
          { orderNumber: "KS-100124", quantity: 2 },
        ],
      },
      {
        productId: 7,
        title: "Zainab Lawn Suit",
        size: "L",
        quantity: 1,
        orders: [{ orderNumber: "KS-100124", quantity: 1 }],
      },
    ]);
  });

  it("prints on A4 with the batch's counts and each row's orders", async () => {
    const pdf = await renderPickList({ name: "Morning", printedAt: Date.parse("2026-11-28T09:00:00+05:30"), orders });
    expect(pageSizes(pdf)).toEqual(["595.28 x 841.89"]);
    const text = pdfText(pdf);
    expect(text).toContain("Pick list · Morning");
    expect(text).toContain("3 orders, 7 pieces");
    expect(text).toMatch(/Zainab Lawn Suit\s+Size M\s+3\s+KS-100123, KS-100124 ×2/);
  });
});

describe("a batch's parcel papers", () => {
  it("prints each parcel's label then its slip, all 4×6, as one PDF", async () => {
    const pdf = await renderParcelPapers([
      { label: LABEL, slip: SLIP },
      {
        label: { ...LABEL, awb: "19041424751599", orderNumber: "KS-100124" },
        slip: { ...SLIP, orderNumber: "KS-100124" },
      },
    ]);
    expect(pageSizes(pdf)).toEqual(["288 x 432", "288 x 432", "288 x 432", "288 x 432"]);
    const text = pdfText(pdf);
    expect(text.indexOf("AWB 19041424751540")).toBeLessThan(text.indexOf("Packing slip Order KS-100123"));
    expect(text.indexOf("Packing slip Order KS-100123")).toBeLessThan(text.indexOf("AWB 19041424751599"));
  });
});
