import { z } from "zod";
import { isPincode } from "#core/delivery-address.ts";
import { stateByCode } from "#core/indian-states.ts";
import { readWholeNumber } from "#core/numbers.ts";
import { ORDER_TABS, type OrderTab } from "#core/order-tabs.ts";
import type { OrderStatus, PaymentStatus, ShipmentsTable } from "../db/schema.ts";
import type { EwayBillStatus } from "../invoices/eway-bills.ts";

/** An India day typed in a date field ("2026-04-01"), else nothing. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** A page's place: "<created at>.<id>" of the row it starts after or ends before. */
const cursor = z
  .string()
  .optional()
  .transform((value) => {
    const [createdAt, id] = (value ?? "").split(".");
    const at = readWholeNumber(createdAt ?? "");
    const number = readWholeNumber(id ?? "");
    return at !== undefined && number !== undefined ? { createdAt: at, id: number } : undefined;
  });

/**
 * The index's address (record 45): the tab, the search, the filters and the page, forgiving as the
 * listings are (a value it cannot read is left out, never an error).
 */
export const orderIndexQuerySchema = z.object({
  tab: z.enum(ORDER_TABS).optional().catch(undefined),
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().replace(/\s+/g, " ").slice(0, 100) || undefined),
  payment: z.enum(["prepaid", "cash"]).optional().catch(undefined),
  from: day,
  to: day,
  state: z
    .string()
    .optional()
    .transform((value) => (value && stateByCode(value) ? value : undefined)),
  pincode: z
    .string()
    .optional()
    .transform((value) => (value && isPincode(value.trim()) ? value.trim() : undefined)),
  courier: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase().slice(0, 40) || undefined),
  after: cursor,
  before: cursor,
});
export type OrderIndexQuery = z.output<typeof orderIndexQuerySchema>;

/** An order as the index lists it. */
export type OrderIndexRow = {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  payment: "prepaid" | "cash";
  paymentStatus: PaymentStatus;
  /** Paise: the order's own total. */
  total: number;
  itemCount: number;
  name: string;
  /** Whole, or masked for a role that may not read it ("+91 98•••••210"). */
  phone: string;
  email: string | null;
  city: string;
  pincode: string;
  createdAt: number;
  confirmed: boolean;
  packed: boolean;
  courier: string | null;
  awb: string | null;
  shipmentStatus: ShipmentsTable["status"] | null;
  openReturn: boolean;
  /** The gateway's id of the payment that paid an online order; null otherwise. */
  paymentId: string | null;
  ewayBill: EwayBillStatus;
};

export type OrderIndexPage = {
  tab: OrderTab;
  /** The tabs this member may open, each with its count (capped). */
  tabs: { tab: OrderTab; count: number }[];
  rows: OrderIndexRow[];
  /** Where the next (older) and previous (newer) pages start; null at either end. */
  next: string | null;
  previous: string | null;
  /** How the search was read: an order number, a key (phone, e-mail, AWB) or words. */
  searchedBy: "number" | "keys" | "words" | null;
};
