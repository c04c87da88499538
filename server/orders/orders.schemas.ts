import type { Selectable } from "kysely";
import { z } from "zod";
import { CANCEL_REASON_CODES, CUSTOMER_CANCEL_REASON_CODES } from "#core/cancel-reasons.ts";
import type { DeliveryAddress } from "#core/delivery-address.ts";
import type { AppliedOfferView } from "#core/offers.ts";
import { ORDER_STATUSES, type OrderStatus } from "#core/order-status.ts";
import type { PaymentStatus } from "#core/payment-status.ts";
import type { OrderLinesTable } from "../db/schema.ts";
import type { EwayBillStatus } from "../invoices/eway-bills.ts";
import type { IssuedDocument } from "../invoices/invoice.schemas.ts";
import {
  businessBuyer,
  decimalInteger,
  deliveryAddressFields,
  emailField,
  gstinField,
  nameField,
  optionalField,
  pincodeInState,
  requiredText,
} from "../validation/fields.ts";

const checkoutFields = {
  name: requiredText("Please enter your full name.").pipe(nameField),
  ...deliveryAddressFields,
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,100}$/, "The checkout form has expired. Please try again."),
  redeemPoints: z.boolean().default(false),
  /** "Send me order updates on WhatsApp": unticked unless the buyer ticks it (core/whatsapp-consent.ts). */
  whatsappUpdates: z.boolean().default(false),
  /** A business buyer's GSTIN and registered name, for a B2B tax invoice; both empty for a consumer. */
  gstin: optionalField(gstinField),
  businessName: optionalField(
    z
      .string()
      .min(2, "Please enter the business name registered under this GSTIN.")
      .max(120, "The business name is too long (120 characters at most)."),
  ),
  /**
   * Order Now on a product page: the one piece to buy (product and size), outside the cart, which
   * stays as it is. Both empty when the order is the cart's.
   */
  buyProductId: z.string().trim().max(20, "The product to order could not be found.").default(""),
  buySize: z.string().trim().max(20, "Please select a size").default(""),
  /** Pay online through the gateway, or in cash at the door. */
  paymentMethod: z.enum(["cod", "online"], { error: "Please choose how you will pay." }).default("cod"),
  /** The lines' prices and the total the buyer saw (core/price-quote.ts); checked before the order stands. */
  seenQuote: z.string().trim().max(4000, "The checkout form has expired. Please try again.").default(""),
  /**
   * The store credit (paise) the buyer's page showed paying this order; 0 when they pay without it.
   * The server decides what it pays and refuses the order if that differs (record 30).
   */
  storeCredit: decimalInteger("The checkout form has expired. Please try again.", 0, Number.MAX_SAFE_INTEGER).default(
    0,
  ),
};

/**
 * The checkout dialog. Every address field is required; each then has its own format, and the pincode
 * must lie in the chosen state (which decides the GST on the order). A business buyer may add a
 * GSTIN and its registered name, registered in that state, for a B2B invoice.
 */
export const checkoutSchema = z.object(checkoutFields).superRefine(pincodeInState).superRefine(businessBuyer);
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** A guest also gives the e-mail for the confirmation. */
export const guestCheckoutSchema = z
  .object({ ...checkoutFields, email: requiredText("Please enter your e-mail address.").pipe(emailField) })
  .superRefine(pincodeInState)
  .superRefine(businessBuyer);
export type GuestCheckoutInput = z.input<typeof guestCheckoutSchema>;

/** An order as placed; `payOnline` when it waits for its online payment (not when store credit paid it all). */
export type PlacedOrder = {
  id: number;
  orderNumber: string;
  accessToken: string;
  replayed: boolean;
  payOnline: boolean;
};

/** What a shipment tells its buyer: the courier, its tracking number, the day expected (orders' and exchanges'). */
export const courierField = z.string().trim().max(60, "The courier's name is too long (60 characters at most).");
export const trackingField = z
  .string()
  .trim()
  .max(40, "The tracking number is too long (40 characters at most).")
  .refine((value) => value === "" || /^[A-Za-z0-9 -]+$/.test(value), "A tracking number has letters and digits only.");
/** "2026-03-14" from a date field: the day the parcel is expected, noon in India. */
export const expectedDayField = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "Please choose the expected delivery date.")
  .transform((value) => (value ? Date.parse(`${value}T12:00:00+05:30`) : null))
  .refine((value) => value === null || Number.isFinite(value), "Please choose the expected delivery date.");
const reasonField = z.enum(CANCEL_REASON_CODES as [string, ...string[]], { error: "Please choose a reason." });

export const changeStatusSchema = z.object({
  orderId: decimalInteger("Which order? The order number is not valid.", 1, Number.MAX_SAFE_INTEGER),
  from: z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]]),
  to: z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]], { error: "Please select a status" }),
  /** What the shipped mail tells the buyer; the admin's screen asks for all three (statusFormSchema). */
  courier: courierField.default(""),
  trackingNumber: trackingField.default(""),
  expectedDelivery: expectedDayField.default(null),
  /** Why a cancelled order was cancelled. */
  reason: z.union([z.literal(""), reasonField]).default(""),
});
/** As it arrives from the form: checked by the schema, so loosely typed. */
export type ChangeStatusInput = {
  orderId: number | string;
  from: string;
  to: string;
  courier?: string;
  trackingNumber?: string;
  expectedDelivery?: string;
  reason?: string;
};

/**
 * The admin's order screen: shipping needs the courier, the tracking number and the expected day
 * (the buyer's shipped mail gives them), and cancelling needs a reason (the cancelled mail gives it).
 */
export const statusFormSchema = changeStatusSchema.superRefine((input, context) => {
  const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (input.to === "shipped") {
    if (!input.courier) missing("courier", "Please enter the courier.");
    if (!input.trackingNumber) missing("trackingNumber", "Please enter the tracking number.");
    if (input.expectedDelivery === null) missing("expectedDelivery", "Please choose the expected delivery date.");
  }
  if (input.to === "cancelled" && !input.reason) missing("reason", "Please choose a reason.");
});

/** A customer (or a guest, through the order's secret link) cancels an order that has not shipped. */
export const customerCancelSchema = z.object({
  reason: z.enum(CUSTOMER_CANCEL_REASON_CODES as [string, ...string[]], { error: "Please choose a reason." }),
});
export type CustomerCancelInput = { reason: string };

/** A line of an order: the product as it was bought, at the price paid. */
export type LineSnapshot = Omit<Selectable<OrderLinesTable>, "orderId" | "position">;

/** An order as its owner sees it in a list. */
export type OrderSummary = {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  total: number;
  itemCount: number;
  createdAt: number;
  firstItem: { title: string; description: string; image: string } | null;
};

export type OrderDetail = OrderSummary &
  DeliveryAddress & {
    paymentRef: string;
    email: string;
    /** A business buyer's GSTIN and registered name (a B2B invoice); null for a consumer. */
    buyerGstin: string | null;
    buyerLegalName: string | null;
    /** The tax invoice, and once cancelled the credit note, with their dates; null before invoicing. */
    invoice: IssuedDocument | null;
    creditNote: IssuedDocument | null;
    subtotal: number;
    shipping: number;
    /** What each offer took off (record 31). */
    offers: AppliedOfferView[];
    pointsRedeemed: number;
    pointsEarned: number;
    /** Points of the earning taken back since, with pieces returned. */
    pointsTakenBack: number;
    /** Paise of the total paid with store credit at checkout: a payment, not a discount. */
    storeCreditUsed: number;
    /** Paise that rounded the total to a whole rupee (record 34): outside the taxable value. */
    roundOff: number;
    isGuest: boolean;
    /** Who carries the parcel, its tracking number and the day expected; null before it ships. */
    shipment: { courier: string; trackingNumber: string; expectedDeliveryAt: number | null } | null;
    /** The days ("YYYY-MM-DD") the order was promised between at checkout; null for older orders. */
    promisedDelivery: { from: string; until: string } | null;
    /** Why the order was cancelled, in words; null for any other order. */
    cancelReason: string | null;
    /** Whether its buyer may still cancel it (it has not shipped). */
    cancellable: boolean;
    /** How it is paid and where its money stands (record 24). */
    payment: {
      method: "cod" | "online";
      status: PaymentStatus;
      label: string;
      /** Cash on delivery's fee, paise (0 when none). */
      codFee: number;
      /** Until when an unpaid online order holds its stock. */
      expiresAt: number | null;
      /** Where the buyer pays or tries again, while the order awaits its payment; else null. */
      payPath: string | null;
      /** Where a refund goes and when, for a refunded order; else null. */
      refundNote: string | null;
    };
    lines: LineSnapshot[];
    history: { from: OrderStatus | null; to: OrderStatus; actor: string; at: number }[];
  };

/** An order as the administrator sees it: as its owner does, with its e-way bill. */
export type AdminOrderDetail = OrderDetail & { ewayBill: EwayBillStatus };

/** "Find my order": the order number and the e-mail address it was placed with. */
export const orderLinkSchema = z.object({
  orderNumber: requiredText("Please enter the order number.").pipe(
    z.string().regex(/^KS-\d{6,12}$/i, "An order number looks like KS-100123."),
  ),
  email: requiredText("Please enter the e-mail address you ordered with.").pipe(emailField),
});
