import { sizeText, sizeWords } from "#core/sizes.ts";
import type { LineAvailability } from "#server/cart/cart.schemas.ts";

/** A cart line's availability in words, the one place the shop says it; null when it can be bought. */
export function availabilityMessage(line: { size: string; availability: LineAvailability }): string | null {
  const { availability } = line;
  if (availability.kind === "archived") return "This item is no longer available. Please remove it.";
  if (availability.kind === "short") {
    return availability.available === 0
      ? `${sizeText(line.size)} is out of stock.`
      : `Only ${availability.available} left in ${sizeWords(line.size)}.`;
  }
  return null;
}
