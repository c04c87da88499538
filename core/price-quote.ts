/*
 * What a buyer saw when they pressed "Order Now": the price of each line, the offers and what each
 * took off, and the total to pay. The checkout form carries it, and the order is placed only if the
 * server's figures are still the same (a price changed by the shop in between, or an offer that no
 * longer applies, is shown to the buyer, who confirms again).
 * Written as "total|productId:size:unitPrice,…|offerId=discount,…", amounts in paise; the
 * offers' part is left out when there are none.
 */

export type SeenLine = { productId: number; size: string; unitPrice: number };
/** An offer the buyer saw: the offer and what it took off, goods and shipping together. */
export type SeenOffer = { offerId: number; discount: number };
export type PriceQuote = { total: number; lines: SeenLine[]; offers: SeenOffer[] };

/** The quote of a cart as the page shows it. */
export function writeQuote(lines: readonly SeenLine[], total: number, offers: readonly SeenOffer[] = []): string {
  const seen = `${total}|${lines.map((line) => `${line.productId}:${line.size}:${line.unitPrice}`).join(",")}`;
  return offers.length ? `${seen}|${offers.map((offer) => `${offer.offerId}=${offer.discount}`).join(",")}` : seen;
}

/** The offers part of a quote, or null when it is not one. */
function readOffers(text: string | undefined): SeenOffer[] | null {
  const offers: SeenOffer[] = [];
  for (const part of (text ?? "").split(",").filter(Boolean)) {
    const offer = /^(\d{1,12})=(\d{1,12})$/.exec(part);
    if (!offer) return null;
    offers.push({ offerId: Number(offer[1]), discount: Number(offer[2]) });
  }
  return offers;
}

/** A quote read back; null when there is none or it is not one (the form was not the shop's). */
export function readQuote(text: string): PriceQuote | null {
  const match = /^(\d{1,12})\|([^|]*)(?:\|([^|]*))?$/.exec(text);
  if (!match) return null;
  const offers = readOffers(match[3]);
  if (!offers) return null;
  const lines: SeenLine[] = [];
  for (const part of (match[2] ?? "").split(",").filter(Boolean)) {
    const line = /^(\d{1,12}):([^:,|]{1,20}):(\d{1,12})$/.exec(part);
    if (!line) return null;
    lines.push({ productId: Number(line[1]), size: line[2] ?? "", unitPrice: Number(line[3]) });
  }
  return { total: Number(match[1]), lines, offers };
}
