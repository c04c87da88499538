/*
 * Amounts to pay are whole rupees (record 34): an invoice's value is rounded to the nearest rupee,
 * 50 paise and more up (the convention CGST Act s. 170 uses for tax), and the difference is printed
 * as a "Round off" line outside the taxable value and the tax, as Indian invoices do. So no courier
 * collects paise, no gateway charges them, and no refund pays them.
 */

/** The paise to add to `paise` to reach the nearest whole rupee (−49 to +50). */
export function roundOffFor(paise: number): number {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Cannot round ${paise} paise.`);
  return Math.floor((paise + 50) / 100) * 100 - paise;
}

/** `paise` rounded to the nearest whole rupee, in paise. */
export function inWholeRupees(paise: number): number {
  return paise + roundOffFor(paise);
}
