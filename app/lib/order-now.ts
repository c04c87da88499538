/**
 * Order Now buys one piece outside the cart. Its checkout pages carry the piece in the address
 * (`?buy=<product id>&size=<size>`), so they can be reloaded, shared between the account choice and
 * the login that follows, and work before JavaScript has loaded.
 */
export type Piece = { productId: number; size: string };

/** "buy=12&size=M", for the address of an Order Now checkout. */
export function pieceSearch(piece: Piece): string {
  return new URLSearchParams({ buy: String(piece.productId), size: piece.size }).toString();
}

/** The checkout an Order Now leads to: the dialog for a customer, the account choice for a visitor. */
export function orderNowPath(piece: Piece, signedIn: boolean): string {
  return signedIn ? `/cart?checkout&${pieceSearch(piece)}` : `/account?${pieceSearch(piece)}`;
}
