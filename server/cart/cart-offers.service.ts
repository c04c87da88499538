import type { Actor } from "#core/actor.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { OfferCodeInput } from "../offers/offers.schemas.ts";
import { applyOfferCode, buyerOf, removeOfferCode } from "../offers/offers.service.ts";
import { cartLines, requireOwner } from "./cart.service.ts";
import { priceLines } from "./pricing.ts";

/**
 * The code box of the cart page: the code the shopper typed, tried on the cart as it is now and
 * kept with it (server/offers/offers.service.ts says when). Answers the message to show.
 */
export async function applyCartCode(db: Db, actor: Actor, input: OfferCodeInput, now = Date.now()): Promise<string> {
  const owner = requireOwner(actor);
  const lines = (await cartLines(db, owner)).filter((line) => line.availability.kind !== "archived");
  if (lines.length === 0) {
    const message = "Your cart is empty: add what you would like first, then apply the code.";
    throw new AppError("offer-refused", message, { code: message });
  }
  return applyOfferCode(db, { owner, buyer: buyerOf(actor), lines, shipping: priceLines(lines).shipping, now }, input);
}

/** The shopper takes the code off the cart. */
export async function removeCartCode(db: Db, actor: Actor): Promise<void> {
  await removeOfferCode(db, requireOwner(actor));
}
