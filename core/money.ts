/*
 * Money is an integer number of paise everywhere in the shop. Every conversion between paise and
 * rupees happens here, with one rounding rule: to the nearest paisa.
 */

import { formatCount, formatHundredths, readHundredths } from "./numbers.ts";

export const PAISE_PER_RUPEE = 100;

/**
 * Every price in the shop reads "₹1,299": one notation on product pages, the cart and orders alike.
 * An amount with paise (an offer's 10 %) shows both digits of them: "₹269.90", never "₹269.9".
 */
export function formatInr(paise: number): string {
  return `₹${paise % PAISE_PER_RUPEE === 0 ? formatCount(paiseToRupees(paise)) : formatHundredths(paise)}`;
}

/** An amount that may be added or taken off, with its sign: "+₹0.50", "−₹0.15" (a round off). */
export function formatSignedInr(paise: number): string {
  return `${paise < 0 ? "−" : "+"}${formatInr(Math.abs(paise))}`;
}

/**
 * The name product surfaces, My Orders and the admin tables used when they showed "Rs.1,299"; they
 * show "₹1,299" now, like the rest of the shop.
 * @deprecated Use formatInr.
 */
export const formatRs = formatInr;

/** Rupees → paise, rounded to the nearest paisa. */
export function rupeesToPaise(amount: number): number {
  return Math.round(amount * PAISE_PER_RUPEE);
}

/**
 * Rupees typed into a form → paise: plain decimal digits with at most two after the point
 * ("1299", "1299.50"); anything else ("1e3", "0x10", "12,99", " 1299") is undefined, not guessed at.
 */
export function parseRupees(value: string): number | undefined {
  return readHundredths(value);
}

/** Paise → rupees, for a form field. */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** "1299.00": rupees with two decimals, for machine-readable prices (structured data, Open Graph). */
export function rupeeDecimal(paise: number): string {
  return paiseToRupees(paise).toFixed(2);
}

/** "2,69,900.00": rupees and paise in lakh grouping, as invoices and tax reports print them. */
export function formatAmount(paise: number): string {
  return formatHundredths(paise);
}
