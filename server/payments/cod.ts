import { formatInr } from "#core/money.ts";
import type { PaymentSettings } from "../config.ts";

/**
 * What the checkout offers: online payment (when a gateway is configured) and cash on delivery;
 * `capNote` says, when the order is above the cap on cash, what the buyer can do about it (the cart
 * shows it before the checkout form).
 */
export type PaymentChoices = { online: boolean; cod: CodOffer; capNote: string | null };

/** The ways to pay an order of this total, as the cart and the checkout form show them (before a pincode is known). */
export function paymentChoices(settings: PaymentSettings, online: boolean, order: { total: number }): PaymentChoices {
  const capNote = codCapNote(settings, online, order.total);
  const cod = codOffer(settings, order);
  return { online, cod: !cod.offered && capNote ? { offered: false, reason: capNote } : cod, capNote };
}

/**
 * When an order is above the cap on cash on delivery, the cap and what to do: pay online, or (when
 * the shop takes no money online, so cash is the only way) take pieces out until it fits. Null when
 * cash on delivery takes the order.
 */
export function codCapNote(rules: CodRules, online: boolean, toPay: number): string | null {
  if (toPay <= rules.codMaxPaise) return null;
  const cap = `Cash on delivery is available on orders up to ${formatInr(rules.codMaxPaise)}; this order is ${formatInr(toPay)}.`;
  return online
    ? `${cap} Pay online at checkout (UPI, cards, netbanking), or take pieces out of your cart to pay in cash.`
    : `${cap} To order, take pieces worth at least ${formatInr(toPay - rules.codMaxPaise)} out of your cart, or place two orders.`;
}

/**
 * Whether cash on delivery is offered for an order, and for what fee: one function, so that the
 * rules live in one place — a cap on the order's value, and the courier taking cash at the
 * pincode (the delivery promise's `cod`, server/delivery; unknown before a pincode is given).
 */
export type CodOffer = { offered: true; fee: number } | { offered: false; reason: string };

/** The rules of cash on delivery as the shop is configured; without them (scripts, old tests) cash has no cap. */
export type CodRules = Pick<PaymentSettings, "codMaxPaise" | "codFeePaise">;

export const NO_COD_LIMITS: CodRules = { codMaxPaise: Number.MAX_SAFE_INTEGER, codFeePaise: 0 };

export function codOffer(
  rules: CodRules,
  order: { total: number; pincode?: string; codAtPincode?: boolean },
): CodOffer {
  if (order.total > rules.codMaxPaise) {
    return { offered: false, reason: `Cash on delivery is available on orders up to ${formatInr(rules.codMaxPaise)}.` };
  }
  if (order.codAtPincode === false) {
    return { offered: false, reason: `Cash on delivery is not available for pincode ${order.pincode ?? ""}.` };
  }
  return { offered: true, fee: rules.codFeePaise };
}
