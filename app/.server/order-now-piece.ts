import { pieceSchema } from "#server/cart/cart.schemas.ts";
import type { Piece } from "../lib/order-now.ts";

/** The piece an Order Now checkout's address names, or null when it names none (or none that can be). */
export function pieceFromUrl(url: URL): Piece | null {
  if (!url.searchParams.has("buy")) return null;
  const parsed = pieceSchema.safeParse({
    productId: url.searchParams.get("buy") ?? "",
    size: url.searchParams.get("size") ?? "",
  });
  return parsed.success ? parsed.data : null;
}
