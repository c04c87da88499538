import { type CodOffer, type CodRules, codOffer } from "#core/cash-on-delivery.ts";
import { formatInr } from "#core/money.ts";
import type { PaymentSettings } from "../config/payment-settings.ts";

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
