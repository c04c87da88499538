import { z } from "zod";
import { SettingError, webAddress, wholeNumber } from "./setting-fields.ts";

/** Cash orders with more than ₹3,000 to pay are confirmed by their buyer before packing (record 44). */
export const DEFAULT_COD_CONFIRM_ABOVE_RUPEES = 3000;

const razorpayKey = (message: string) => z.string().trim().min(8, message).optional();

/** The settings of online payment and of cash on delivery, as the environment gives them. */
export const PAYMENT_ENV = {
  // Online payment through Razorpay: all three keys, or none (cash on delivery only).
  RAZORPAY_KEY_ID: razorpayKey("must be the key id from the Razorpay dashboard"),
  RAZORPAY_KEY_SECRET: razorpayKey("must be the key secret from the Razorpay dashboard"),
  RAZORPAY_WEBHOOK_SECRET: razorpayKey("must be at least 8 characters"),
  // Razorpay's own addresses unless set (a local stand-in for tests and demos: npm run dev:gateway).
  RAZORPAY_API_URL: webAddress.default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: webAddress.default("https://checkout.razorpay.com/v1/checkout.js"),
  // Cash on delivery: offered up to this order value (unset: ₹10,000 with online payment, no cap
  // without it), for this fee (GST-inclusive), in rupees.
  COD_MAX_RUPEES: wholeNumber(0, 10_000_000).optional(),
  COD_FEE_RUPEES: wholeNumber(0, 10_000).default(0),
  // A cash order with more than this to pay (rupees) waits for its buyer's confirmation by SMS or
  // WhatsApp before it is packed; "off" never asks (record 44).
  COD_CONFIRM_ABOVE_RUPEES: z
    .string()
    .trim()
    .refine((value) => value === "off" || /^\d{1,8}$/.test(value), "must be a whole number of rupees, or off")
    .transform((value) => (value === "off" ? null : Number(value)))
    .default(DEFAULT_COD_CONFIRM_ABOVE_RUPEES),
};

type PaymentEnv = z.output<z.ZodObject<typeof PAYMENT_ENV>>;

export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the API lives (https://api.razorpay.com), and the Standard Checkout script. */
  apiUrl: string;
  checkoutUrl: string;
};

export type PaymentSettings = {
  razorpay: RazorpaySettings | null;
  /**
   * The largest order (paise) that may be paid in cash at the door (Number.MAX_SAFE_INTEGER: no cap),
   * and the fee for it (paise).
   */
  codMaxPaise: number;
  codFeePaise: number;
  /** A cash order with more than this to pay (paise) waits for its buyer's confirmation; null: never. */
  codConfirmAbovePaise: number | null;
};

/** The cap on cash on delivery when the shop also takes money online and no COD_MAX_RUPEES is set. */
export const DEFAULT_COD_MAX_PAISE_WITH_ONLINE = 10_000_00;

/**
 * A cap on cash on delivery sends the buyer to pay online; a shop that takes no money online has
 * nowhere to send them, so there cash has no cap unless COD_MAX_RUPEES sets one.
 */
export function paymentSettingsOf(values: PaymentEnv): PaymentSettings {
  const razorpay = razorpaySettings(values);
  const defaultCap = razorpay ? DEFAULT_COD_MAX_PAISE_WITH_ONLINE : Number.MAX_SAFE_INTEGER;
  return {
    razorpay,
    codMaxPaise: values.COD_MAX_RUPEES === undefined ? defaultCap : values.COD_MAX_RUPEES * 100,
    codFeePaise: values.COD_FEE_RUPEES * 100,
    codConfirmAbovePaise: values.COD_CONFIRM_ABOVE_RUPEES === null ? null : values.COD_CONFIRM_ABOVE_RUPEES * 100,
  };
}

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

/** All three Razorpay keys, or none: half a configuration stops the start, naming what is missing. */
function razorpaySettings(values: PaymentEnv): RazorpaySettings | null {
  const missing = RAZORPAY_KEYS.filter((key) => !values[key]);
  if (missing.length === RAZORPAY_KEYS.length) return null;
  if (missing.length > 0) {
    const message = "is needed for online payment (set all three Razorpay keys, or none)";
    throw new SettingError(missing.map((setting) => ({ setting, message })));
  }
  return {
    keyId: values.RAZORPAY_KEY_ID ?? "",
    keySecret: values.RAZORPAY_KEY_SECRET ?? "",
    webhookSecret: values.RAZORPAY_WEBHOOK_SECRET ?? "",
    apiUrl: values.RAZORPAY_API_URL,
    checkoutUrl: values.RAZORPAY_CHECKOUT_URL,
  };
}
