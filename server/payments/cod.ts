import { formatInr } from "#core/money.ts";
import type { PaymentSettings } from "../config.ts";

/** What the checkout offers: online payment (when a gateway is configured) and cash on delivery. */
export type PaymentChoices = { online: boolean; cod: CodOffer };

/** The ways to pay an order of this total, as the checkout form shows them (before a pincode is known). */
export function paymentChoices(settings: PaymentSettings, online: boolean, order: { total: number }): PaymentChoices {
  return { online, cod: codOffer(settings, order) };
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
