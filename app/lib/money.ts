const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Product surfaces show "Rs.1,299". */
export function formatRs(paise: number): string {
  return `Rs.${rupees.format(paise / 100)}`;
}

/** The cart and checkout show "₹1,299". */
export function formatInr(paise: number): string {
  return `₹${rupees.format(paise / 100)}`;
}

/** Rupees typed into a form → paise; undefined when it is not a number. */
export function rupeesToPaise(value: string | number): number | undefined {
  const amount = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isFinite(amount) ? Math.round(amount * 100) : undefined;
}
