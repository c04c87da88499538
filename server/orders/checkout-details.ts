import { createHash } from "node:crypto";
import type { Actor } from "#core/actor.ts";
import { accountEmail } from "../accounts/accounts.service.ts";
import type { Db } from "../db/schema.ts";
import { parseInput } from "../validation/fields.ts";
import { type CheckoutInput, checkoutSchema, type GuestCheckoutInput, guestCheckoutSchema } from "./orders.schemas.ts";

/** The checkout's details, checked, with the address the order is mailed to and its customer, if any. */
export type Checkout = ReturnType<typeof checkoutSchema.parse> & { email: string; userId: string | null };

/** The checkout's details, checked; a registered customer orders under the account's e-mail. */
export async function readCheckout(db: Db, actor: Actor, input: CheckoutInput | GuestCheckoutInput): Promise<Checkout> {
  if (actor.kind === "user") {
    const details = parseInput(checkoutSchema, input);
    const email = (await accountEmail(db, actor.userId)) ?? actor.email;
    return { ...details, email, userId: actor.userId };
  }
  return { ...parseInput(guestCheckoutSchema, input), userId: null };
}

/** What makes two submits of one checkout the same order. */
export function fingerprintOf(checkout: Checkout): string {
  const { name, address, city, stateCode, pincode, phone, email, redeemPoints, gstin, businessName, paymentMethod } =
    checkout;
  // An order paid partly with store credit is another order than one paid without it.
  const credit = checkout.storeCredit > 0 ? [`credit:${checkout.storeCredit}`] : [];
  const piece = checkout.buyProductId ? [checkout.buyProductId, checkout.buySize] : [];
  return createHash("sha256")
    .update(
      JSON.stringify([
        name,
        address,
        city,
        stateCode,
        pincode,
        phone,
        email,
        redeemPoints,
        gstin,
        businessName,
        ...piece,
        // A cash order and an online one are different orders (older forms had no choice: cash).
        ...(paymentMethod === "online" ? ["online"] : []),
        ...credit,
      ]),
    )
    .digest("hex");
}
