import { z } from "zod";
import type { OrderStatus, PaymentStatus } from "../db/schema.ts";
import { pageNumber, requiredText } from "../validation/fields.ts";

/** The customers list's address: what to search for, which page. */
export const customerQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().replace(/\s+/g, " ").slice(0, 100) || undefined),
  page: z
    .string()
    .optional()
    .transform((value) => pageNumber(value)),
});
export type CustomerQuery = z.output<typeof customerQuerySchema>;

export const customerNoteSchema = z.object({
  body: requiredText("Please write the note.").pipe(z.string().max(2000, "A note must be at most 2,000 characters.")),
});

export type CustomerRow = {
  ref: string;
  name: string;
  email: string;
  phone: string;
  hasAccount: boolean;
  orders: number;
  lastOrderAt: number;
};

export type CustomerProfile = {
  ref: string;
  name: string;
  email: string;
  phone: string | null;
  account: { since: number; points: number; storeCredit: number; disabled: boolean } | null;
  /** Paise: what the customer's orders that sold came to, less the refunds credited on returns. */
  lifetimeValue: number;
  averageOrder: number;
  orders: number;
  ordersSold: number;
  /** Pieces sent back for every hundred delivered (0–100, one decimal); null before any delivery. */
  returnRate: number | null;
  piecesReturned: number;
  refusedCashParcels: number;
  firstOrderAt: number | null;
  lastOrderAt: number | null;
  addresses: { address: string; city: string; pincode: string }[];
  recentOrders: {
    id: number;
    orderNumber: string;
    status: OrderStatus;
    paymentStatus: PaymentStatus;
    payment: "prepaid" | "cash";
    total: number;
    itemCount: number;
    createdAt: number;
  }[];
  notes: { id: number; author: string; body: string; createdAt: number }[];
};
