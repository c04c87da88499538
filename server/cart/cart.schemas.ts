import { z } from "zod";
import { rupeesToPaise } from "#core/money.ts";
import type { CartOffers } from "#core/offers.ts";
import type { StoreCreditOffer } from "#core/store-credit.ts";
import { SIZES } from "../catalog/catalog.schemas.ts";
import { decimalInteger, idField } from "../validation/fields.ts";

/** Shipping is ₹100 flat when the cart is not empty. */
export const SHIPPING_PAISE = rupeesToPaise(100);
export const MAX_LINE_QUANTITY = 99;
const QUANTITY_MESSAGE = `The quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

const productId = idField("Unknown product.");
const size = z.enum(SIZES, { error: "Please select a size" });

export const addToCartSchema = z.object({
  productId,
  size: z.string().trim().min(1, "Please select a size").pipe(size),
  quantity: decimalInteger(
    `The quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
    1,
    MAX_LINE_QUANTITY,
  ).default(1),
});
/** As it arrives from a form: checked by the schema, so loosely typed. */
export type AddToCartInput = { productId: number | string; size: string; quantity?: number | string };

export const setQuantitySchema = z.object({
  productId,
  size,
  quantity: decimalInteger(QUANTITY_MESSAGE, 1, MAX_LINE_QUANTITY, "The quantity must be at least 1."),
});
export type SetQuantityInput = { productId: number | string; size: string; quantity: number | string };

export const removeLineSchema = z.object({ productId, size });

/** The one piece an Order Now buys: a product in a size, bought on its own, outside the cart. */
export const pieceSchema = z.object({ productId, size: z.string().trim().min(1, "Please select a size").pipe(size) });
export type PieceInput = { productId: number | string; size: string };
export type RemoveLineInput = { productId: number | string; size: string };

/** A cart line as the cart page shows it, priced from the product as it is now. */
export type CartLine = {
  productId: number;
  size: string;
  quantity: number;
  title: string;
  description: string;
  category: string;
  image: string;
  unitPrice: number;
  /** The product's HSN code, which its GST rate follows. */
  hsn: string;
  /** The product's material ('' when none): the GST rate of some goods (handbags) follows it. */
  material: string;
  lineTotal: number;
  /** Units of this size in stock right now. */
  stock: number;
  /** Whether the line can be bought as it is; the pages put it into words. */
  availability: LineAvailability;
};

/**
 * Whether a cart line can be bought as it is: yes; not in that quantity (`available` units are left,
 * maybe none); or not at all, because the product was taken out of the shop.
 */
export type LineAvailability = { kind: "ok" } | { kind: "short"; available: number } | { kind: "archived" };

export type CartTotals = {
  subtotal: number;
  /** What the offers take off the goods (record 31). */
  discount: number;
  /** Shipping as charged: ₹100, or less with a free-shipping offer. */
  shipping: number;
  pointsRedeemed: number;
  /** Paise that bring the amount to a whole rupee (−49 to +50), outside the taxable value (record 34). */
  roundOff: number;
  /** What the buyer pays: whole rupees. */
  grandTotal: number;
  itemCount: number;
};

export type CartView = CartTotals & {
  lines: CartLine[];
  /** The offers that apply, the code the cart keeps and how it stands, and which offer was best and why. */
  offers: CartOffers;
  /** The customer's points balance; null for a visitor, who has none. */
  pointsBalance: number | null;
  /** Points earned on the customer's orders on their way: spendable once each is delivered. */
  pointsPending: number | null;
  /** The points this cart would earn as an order, pending until it is delivered (0 for a visitor). */
  pointsToEarn: number;
  /** Points the customer could redeem on this cart now. */
  redeemablePoints: number;
  redeeming: boolean;
  /** Some line cannot be bought as it is (short of stock, or taken out of the shop). */
  blocked: boolean;
  /** A signed-in customer's store credit: what it would pay of the grand total, and whether it does. */
  storeCredit: StoreCreditOffer | null;
};
