import type { InvoicedOrder } from "./invoice.schemas.ts";

/**
 * CGST Rule 138(1): goods whose consignment value exceeds ₹50,000 move only with an e-way bill.
 * Paise. The consignment value is the invoice's value, tax included; a value of exactly ₹50,000
 * does not exceed it.
 */
export const EWAY_BILL_THRESHOLD_PAISE = 5_000_000;

/** What decides whether an order's goods need an e-way bill: where they go and what they are worth. */
export type EwayBillBasis = { supplyType: "intra" | "inter" | null; total: number };

/**
 * Whether the goods of an order need an e-way bill before they leave: an inter-state supply whose
 * invoice value (the order's total, tax included) exceeds the Rule 138 threshold. A movement within
 * a state follows that state's own limit (Maharashtra's is ₹1 lakh), which this does not cover.
 */
export function needsEwayBill(order: EwayBillBasis): boolean {
  return order.supplyType === "inter" && order.total > EWAY_BILL_THRESHOLD_PAISE;
}

/** An order's e-way bill as its administrator sees it: whether one is needed, and the number once entered. */
export type EwayBillStatus = { needed: boolean; number: string | null; enteredAt: number | null };

export function ewayBillStatusOf(
  order: EwayBillBasis & { ewayBillNumber: string | null; ewayBillEnteredAt: number | null },
): EwayBillStatus {
  return {
    needed: needsEwayBill(order),
    number: order.ewayBillNumber,
    enteredAt: order.ewayBillEnteredAt === null ? null : Number(order.ewayBillEnteredAt),
  };
}

/** The portal's word for a buyer who has no GSTIN: an unregistered person. */
export const UNREGISTERED_BUYER = "URP";

/** The buyer's GSTIN on the e-way bill: a business buyer's own, else the portal's "URP". */
export function buyerGstinOf(order: Pick<InvoicedOrder, "buyerGstin">): string {
  return order.buyerGstin ?? UNREGISTERED_BUYER;
}

/** An e-way bill number as the portal issues it: 12 digits. */
export const EWAY_BILL_NUMBER_PATTERN = /^\d{12}$/;
