import { formatInr } from "#core/money.ts";
import type { PaymentSettings } from "../config.ts";

/** What the checkout offers: online payment (when a gateway is configured) and cash on delivery. */
export type PaymentChoices = { online: boolean; cod: CodOffer };

/** The ways to pay an order of this total to this pincode, as the checkout form shows them. */
export function paymentChoices(
  settings: PaymentSettings,
  online: boolean,
  order: { total: number; pincode: string },
): PaymentChoices {
  return { online, cod: codOffer(settings, order) };
}

/**
 * Whether cash on delivery is offered for an order, and for what fee: one function, so that the
 * rules live in one place. For now every pincode may pay cash; the pincode table of this batch
 * plugs its rule in at `pincodeAllowsCod`.
 */
export type CodOffer = { offered: true; fee: number } | { offered: false; reason: string };

/** The rules of cash on delivery as the shop is configured; without them (scripts, old tests) cash has no cap. */
export type CodRules = Pick<PaymentSettings, "codMaxPaise" | "codFeePaise">;

export const NO_COD_LIMITS: CodRules = { codMaxPaise: Number.MAX_SAFE_INTEGER, codFeePaise: 0 };

export function codOffer(rules: CodRules, order: { total: number; pincode: string }): CodOffer {
  if (order.total > rules.codMaxPaise) {
    return {
      offered: false,
      reason: `Cash on delivery is available on orders up to ${formatInr(rules.codMaxPaise)}. Please pay online.`,
    };
  }
  if (!pincodeAllowsCod(order.pincode)) {
    return { offered: false, reason: "Cash on delivery is not available at this pincode. Please pay online." };
  }
  return { offered: true, fee: rules.codFeePaise };
}

/** The seam for the pincode table: until it comes, every pincode allows cash on delivery. */
function pincodeAllowsCod(_pincode: string): boolean {
  return true;
}
