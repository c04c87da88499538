/*
 * What a buyer saw when they pressed "Order Now": the price of each line and the total to pay. The
 * checkout form carries it, and the order is placed only if the server's figures are still the same
 * (a price changed by the shop in between is shown to the buyer, who confirms again).
 * Written as "total|productId:size:unitPrice,…", amounts in paise.
 */

export type SeenLine = { productId: number; size: string; unitPrice: number };
export type PriceQuote = { total: number; lines: SeenLine[] };

/** The quote of a cart as the page shows it. */
export function writeQuote(lines: readonly SeenLine[], total: number): string {
  return `${total}|${lines.map((line) => `${line.productId}:${line.size}:${line.unitPrice}`).join(",")}`;
}

/** A quote read back; null when there is none or it is not one (the form was not the shop's). */
export function readQuote(text: string): PriceQuote | null {
  const match = /^(\d{1,12})\|(.*)$/.exec(text);
  if (!match) return null;
  const lines: SeenLine[] = [];
  for (const part of (match[2] ?? "").split(",").filter(Boolean)) {
    const line = /^(\d{1,12}):([^:,|]{1,20}):(\d{1,12})$/.exec(part);
    if (!line) return null;
    lines.push({ productId: Number(line[1]), size: line[2] ?? "", unitPrice: Number(line[3]) });
  }
  return { total: Number(match[1]), lines };
}
