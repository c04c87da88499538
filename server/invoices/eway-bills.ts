import { EWAY_BILL_THRESHOLD_PAISE, intraStateLimitPaise } from "./eway-bill-limits.ts";
import type { InvoicedOrder } from "./invoice.schemas.ts";

export { EWAY_BILL_THRESHOLD_PAISE };

/**
 * What decides whether an order's goods need an e-way bill: where they go and when, and what they
 * are worth. `total` is the invoice's amount due and `roundOff` what rounded it (record 34).
 */
export type EwayBillBasis = {
  supplyType: "intra" | "inter" | null;
  total: number;
  roundOff?: number;
  /** The delivery state: for a movement within the seller's state, the state whose limit applies. */
  stateCode: string;
  /** When the order was placed: a state's limit is read as it stood that day. */
  createdAt: number;
};

/**
 * The consignment value Rule 138 tests: the value of supply declared in the invoice with its taxes
 * (Rule 138(1), Explanation 2). The round off is neither, so it is left out.
 */
export function consignmentValue(order: Pick<EwayBillBasis, "total" | "roundOff">): number {
  return order.total - (order.roundOff ?? 0);
}

/**
 * Whether the goods of an order need an e-way bill before they leave: across states when the
 * consignment value exceeds ₹50,000 (Rule 138(1)); within the state when it exceeds the limit that
 * state notified (rule 138(14)(d) of its rules; ₹1 lakh in Maharashtra). Exactly the limit does not
 * exceed it. An order not yet invoiced (no supply type) needs none.
 */
export function needsEwayBill(order: EwayBillBasis): boolean {
  const value = consignmentValue(order);
  if (order.supplyType === "inter") return value > EWAY_BILL_THRESHOLD_PAISE;
  if (order.supplyType === "intra") return value > intraStateLimitPaise(order.stateCode, Number(order.createdAt));
  return false;
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
