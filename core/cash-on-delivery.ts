import { formatInr } from "./money.ts";

/*
 * Cash on delivery's rule (record 24), in one function: offered up to a cap on what is left to pay,
 * for a fee, where the courier takes cash at the pincode. Pure, so the checkout that places an
 * order and the pages that offer the choice (server/payments/cod.ts) decide it alike.
 */

/** Whether cash on delivery is offered for an order, and for what fee. */
export type CodOffer = { offered: true; fee: number } | { offered: false; reason: string };

/** The rules of cash on delivery as the shop is configured, in paise. */
export type CodRules = { codMaxPaise: number; codFeePaise: number };

/** Without configured rules (scripts, older tests) cash has no cap and no fee. */
export const NO_COD_LIMITS: CodRules = { codMaxPaise: Number.MAX_SAFE_INTEGER, codFeePaise: 0 };

/**
 * Whether cash on delivery is offered for an order of this total: a cap on the order's value, and
 * the courier taking cash at the pincode (the delivery promise's `cod`; unknown before a pincode
 * is given).
 */
export function codOffer(
  rules: CodRules,
  order: { total: number; pincode?: string; codAtPincode?: boolean; codNote?: string | null },
): CodOffer {
  if (order.total > rules.codMaxPaise) {
    return { offered: false, reason: `Cash on delivery is available on orders up to ${formatInr(rules.codMaxPaise)}.` };
  }
  if (order.codAtPincode === false) {
    const reason = order.codNote ?? `Cash on delivery is not available for pincode ${order.pincode ?? ""}.`;
    return { offered: false, reason };
  }
  return { offered: true, fee: rules.codFeePaise };
}
