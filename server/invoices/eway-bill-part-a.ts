import { indiaDay } from "#core/dates.ts";
import { paiseToRupees } from "#core/money.ts";
import type { InvoiceDocument, InvoiceLine } from "./invoice.schemas.ts";

/*
 * Part A of an e-way bill in the JSON the portal's bulk generation takes (ewaybillgst.gov.in,
 * "Generate Bulk"): the invoice's particulars, figure for figure. Part B (the vehicle) and the
 * mode of transport are left for the administrator to fill in on the portal; a distance of 0 lets
 * the portal work it out from the two pincodes. Amounts are rupees with two decimals; codes that
 * the portal reads as numbers (pincodes, state codes, HSN) are numbers.
 */

export const PART_A_VERSION = "1.0.0621";

/** The portal's codes: an outward supply, of the kind "Supply", documented by a tax invoice. */
const OUTWARD = "O";
const SUB_SUPPLY = 1;
const TAX_INVOICE = "INV";
/** "Regular": billed to and shipped to the same person, from the seller's own place. */
const REGULAR_TRANSACTION = 1;

/** Unit quantity codes: pieces for goods; "others" for the shipping charge, which counts no pieces. */
const PIECES = "PCS";
const OTHERS = "OTH";

const ADDRESS_MAX = 120;
const PLACE_MAX = 50;
const NAME_MAX = 100;

export type PartAItem = {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
};

const rupees = (paise: number) => Number(paiseToRupees(paise).toFixed(2));
const percent = (bps: number) => Number((bps / 100).toFixed(2));
const oneLine = (text: string, max: number) => text.replace(/\s+/g, " ").trim().slice(0, max);

/** "Shop 4, …, Mumbai 400050": the 6-digit pincode the seller's address ends with. */
export function pincodeAtEnd(address: string): string | null {
  return /\b([1-9]\d{5})\s*$/.exec(address)?.[1] ?? null;
}

/** The seller's address split as the portal asks: the street, and the place before the pincode. */
function sellerPlace(address: string): { street: string; place: string } {
  const parts = address
    .replace(/\b[1-9]\d{5}\s*$/, "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const place = parts.length > 1 ? (parts.pop() ?? "") : "";
  return { street: oneLine(parts.join(", "), ADDRESS_MAX), place: oneLine(place, PLACE_MAX) };
}

/** "dd/mm/yyyy" in India's time. */
function portalDate(epochMillis: number): string {
  const [year, month, day] = indiaDay(epochMillis).split("-");
  return `${day}/${month}/${year}`;
}

function item(line: InvoiceLine, index: number, inter: boolean): PartAItem {
  const rate = percent(line.rateBps);
  return {
    itemNo: index + 1,
    productName: oneLine(line.description, NAME_MAX),
    productDesc: oneLine(line.description, NAME_MAX),
    hsnCode: Number(line.hsn),
    quantity: line.quantity,
    qtyUnit: line.kind === "goods" ? PIECES : OTHERS,
    taxableAmount: rupees(line.taxable),
    cgstRate: inter ? 0 : rate / 2,
    sgstRate: inter ? 0 : rate / 2,
    igstRate: inter ? rate : 0,
    cessRate: 0,
    cessNonAdvol: 0,
  };
}

/** The HSN of the goods of the largest taxable value, which the portal takes as the bill's main one. */
function mainHsn(lines: readonly InvoiceLine[]): number {
  const goods = lines.filter((line) => line.kind === "goods");
  const largest = goods.reduce<InvoiceLine | undefined>(
    (best, line) => (!best || line.taxable > best.taxable ? line : best),
    undefined,
  );
  return Number(largest?.hsn ?? 0);
}

/** The consignor: the seller as the invoice names it, dispatching from its own place. */
function consignor(seller: InvoiceDocument["seller"], pincode: string) {
  const { street, place } = sellerPlace(seller.address);
  return {
    fromGstin: seller.gstin,
    fromTrdName: oneLine(seller.legalName, NAME_MAX),
    fromAddr1: street,
    fromAddr2: "",
    fromPlace: place,
    fromPincode: Number(pincode),
    fromStateCode: Number(seller.stateCode),
    actualFromStateCode: Number(seller.stateCode),
  };
}

/** The consignee: the buyer, at the delivery address of the order. */
function consignee(recipient: InvoiceDocument["recipient"], gstin: string) {
  return {
    toGstin: gstin,
    toTrdName: oneLine(recipient.legalName ?? recipient.name, NAME_MAX),
    toAddr1: oneLine(recipient.address, ADDRESS_MAX),
    toAddr2: "",
    toPlace: oneLine(recipient.city, PLACE_MAX),
    toPincode: Number(recipient.pincode),
    toStateCode: Number(recipient.stateCode),
    actualToStateCode: Number(recipient.stateCode),
  };
}

/**
 * The invoice's totals; no cess is charged on clothes, shoes or jewellery. The round off (record 34)
 * is the portal's "other value", so the invoice value is the amount the invoice asks, as printed.
 */
function values({ totals, roundOff }: Pick<InvoiceDocument, "totals" | "roundOff">) {
  return {
    totalValue: rupees(totals.taxable),
    cgstValue: rupees(totals.cgst),
    sgstValue: rupees(totals.sgst),
    igstValue: rupees(totals.igst),
    cessValue: 0,
    TotNonAdvolVal: 0,
    OthValue: rupees(roundOff),
    totInvValue: rupees(totals.total + roundOff),
  };
}

/** Part B and the mode of transport, left for the administrator to fill in on the portal. */
const TRANSPORT_LEFT_OPEN = {
  transMode: "",
  transDistance: 0,
  transporterId: "",
  transporterName: "",
  transDocNo: "",
  transDocDate: "",
  vehicleNo: "",
  vehicleType: "",
};

function billOf(invoice: InvoiceDocument, parties: { buyerGstin: string; sellerPincode: string }) {
  const inter = invoice.supplyType === "inter";
  return {
    userGstin: invoice.seller.gstin,
    supplyType: OUTWARD,
    subSupplyType: SUB_SUPPLY,
    subSupplyDesc: "",
    docType: TAX_INVOICE,
    docNo: invoice.number,
    docDate: portalDate(invoice.date),
    transType: REGULAR_TRANSACTION,
    ...consignor(invoice.seller, parties.sellerPincode),
    ...consignee(invoice.recipient, parties.buyerGstin),
    ...values(invoice),
    ...TRANSPORT_LEFT_OPEN,
    mainHsnCode: mainHsn(invoice.lines),
    itemList: invoice.lines.map((line, index) => item(line, index, inter)),
  };
}

export type PartABill = ReturnType<typeof billOf>;
export type PartA = { version: string; billLists: [PartABill] };

/**
 * Part A of the invoice's e-way bill. Every row of the invoice is an item (the shipping row under
 * the goods' HSN, as the invoice files it), so the items, the taxes and the invoice value add up exactly as the invoice does.
 */
export function partAOf(invoice: InvoiceDocument, parties: { buyerGstin: string; sellerPincode: string }): PartA {
  return { version: PART_A_VERSION, billLists: [billOf(invoice, parties)] };
}
