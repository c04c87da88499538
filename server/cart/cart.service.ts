import type { Actor } from "#core/actor.ts";
import { pointsEarnedFor, pointsToPaise, redeemablePoints } from "#core/points.ts";
import { sizeStock } from "../catalog/catalog.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { buyerOf, cartOffersView, moveCartCode, offersFor } from "../offers/offers.service.ts";
import { pendingPoints, pointsBalance } from "../rewards/rewards.service.ts";
import { storeCreditAtCheckout } from "../store-credit/store-credit.service.ts";
import { parseInput } from "../validation/fields.ts";
import {
  countCartItems,
  deleteCart,
  deleteCartLine,
  findCartLines,
  findCartQuantity,
  findPieceLine,
  saveCartLine,
} from "./cart.repository.ts";
import {
  type AddToCartInput,
  addToCartSchema,
  type CartLine,
  type CartView,
  type LineAvailability,
  MAX_LINE_QUANTITY,
  type PieceInput,
  pieceSchema,
  type RemoveLineInput,
  removeLineSchema,
  type SetQuantityInput,
  setQuantitySchema,
} from "./cart.schemas.ts";
import { ownerOf } from "./owner.ts";
import { priceLines } from "./pricing.ts";

export function requireOwner(actor: Actor): string {
  const owner = ownerOf(actor);
  if (!owner) throw new AppError("validation-failed", "Your cart could not be found. Please try again.");
  return owner;
}

/** The cart's lines, priced from the products as they are now, with anything that blocks checkout. */
export async function cartLines(executor: Executor, owner: string): Promise<CartLine[]> {
  const rows = await findCartLines(executor, owner);
  return rows.map(toCartLine);
}

/**
 * Empties a cart in the caller's transaction (a checkout claiming it); answers how many lines it
 * had, so that a checkout racing another for the same cart can tell it lost.
 */
export function emptyCart(trx: Executor, owner: string): Promise<number> {
  return deleteCart(trx, owner);
}

/**
 * The one piece an Order Now buys, as a line of its own: priced from the product as it is now,
 * never added to the cart. None when the product does not exist.
 */
export async function pieceLines(executor: Executor, input: PieceInput): Promise<CartLine[]> {
  const { productId, size } = parseInput(pieceSchema, input);
  const row = await findPieceLine(executor, productId, size);
  return row ? [toCartLine({ ...row, size, quantity: 1 })] : [];
}

type LineRow = Awaited<ReturnType<typeof findCartLines>>[number];

function toCartLine(row: LineRow): CartLine {
  const stock = row.stock ?? 0;
  return {
    productId: row.productId,
    size: row.size,
    quantity: row.quantity,
    title: row.title,
    description: row.description,
    category: row.category,
    image: row.imageMain,
    unitPrice: row.price,
    hsn: row.hsn,
    material: row.fabric ?? "",
    lineTotal: row.price * row.quantity,
    stock,
    availability: availabilityOf(row.archived === 1 || row.stock === null, stock, row.quantity),
  };
}

function availabilityOf(gone: boolean, stock: number, quantity: number): LineAvailability {
  if (gone) return { kind: "archived" };
  if (quantity > stock) return { kind: "short", available: stock };
  return { kind: "ok" };
}

/**
 * The cart page: lines and totals computed here, never taken from the browser. The totals add up
 * what the cart holds, a line short of stock included, so the shopper sees what it would cost;
 * a product taken out of the shop is listed (to be removed) but counts for nothing. `blocked` says
 * checkout must wait until those lines are fixed.
 */
export async function viewCart(db: Db, actor: Actor, options: CartChoices = {}): Promise<CartView> {
  const owner = ownerOf(actor);
  const lines = owner ? await cartLines(db, owner) : [];
  return cartView(db, actor, lines, options);
}

/**
 * The piece an Order Now asks for, if it can be bought: a size must be chosen, the product must be
 * in the shop and that size in stock. Nothing is written; the checkout that follows buys it.
 */
export async function orderNowPiece(db: Db, input: PieceInput): Promise<{ productId: number; size: string }> {
  const piece = parseInput(pieceSchema, input);
  await sizeOnSale(db, piece.productId, piece.size);
  return piece;
}

/**
 * A product's size that can be bought now: the product is in the shop, has that size, and the size
 * is in stock; otherwise the refusal says which. Answers the product's title and the stock.
 */
async function sizeOnSale(executor: Executor, productId: number, size: string) {
  const product = await sizeStock(executor, productId, size);
  if (!product || product.archived) throw new AppError("not-found", "This product is no longer available.");
  if (product.stock === null)
    throw new AppError("validation-failed", "Please select a size", { size: "Please select a size" });
  if (product.stock === 0) throw new AppError("out-of-stock", `${product.title} is out of stock in size ${size}.`);
  return { title: product.title, stock: product.stock };
}

/**
 * The checkout of an Order Now: the one piece, priced as a cart of its own would be (shipping,
 * points), while the cart itself stays as it is.
 */
export async function viewOrderNow(
  db: Db,
  actor: Actor,
  piece: PieceInput,
  options: { redeem?: boolean } = {},
): Promise<CartView> {
  return cartView(db, actor, await pieceLines(db, piece), options);
}

/** What the buyer chose to pay with besides money: their points, their store credit. */
export type CartChoices = { redeem?: boolean; useStoreCredit?: boolean; now?: number };

/**
 * The view of some lines (a whole cart, or the one piece of an Order Now): the offers that apply,
 * totals and points (spent after the offers), and the customer's store credit.
 */
export async function cartView(db: Db, actor: Actor, lines: CartLine[], options: CartChoices = {}): Promise<CartView> {
  const counted = lines.filter((line) => line.availability.kind !== "archived");
  const { subtotal, shipping } = priceLines(counted);
  const customer = actor.kind === "user" ? actor.userId : null;
  const [balance, pending, offers] = await Promise.all([
    customer ? pointsBalance(db, customer) : null,
    customer ? pendingPoints(db, customer) : null,
    offersFor(db, {
      owner: ownerOf(actor),
      buyer: buyerOf(actor),
      lines: counted,
      shipping,
      now: options.now ?? Date.now(),
    }),
  ]);
  const redeemable = balance === null ? 0 : redeemablePoints(subtotal - offers.goods, balance);
  const redeeming = Boolean(options.redeem) && redeemable > 0;
  const totals = priceLines(counted, redeeming ? redeemable : 0, offers);
  return {
    lines,
    ...totals,
    offers: cartOffersView(offers),
    pointsBalance: balance,
    pointsPending: pending,
    // As the order will earn them (orders/order-pricing.ts): on the goods, less the offers and the part paid with points.
    pointsToEarn:
      balance === null ? 0 : pointsEarnedFor(totals.subtotal - totals.discount - pointsToPaise(totals.pointsRedeemed)),
    redeemablePoints: redeemable,
    redeeming,
    blocked: lines.some((line) => line.availability.kind !== "ok"),
    storeCredit: await storeCreditAtCheckout(db, actor, totals.grandTotal, Boolean(options.useStoreCredit)),
  };
}

/** The number of items in the cart, for the top bar. */
export async function cartCount(db: Db, actor: Actor): Promise<number> {
  const owner = ownerOf(actor);
  return owner ? countCartItems(db, owner) : 0;
}

/**
 * Adds a product in a size. The same product and size again adds to the quantity of that line;
 * the quantity never goes past the stock in hand.
 */
export async function addToCart(db: Db, actor: Actor, input: AddToCartInput, now = Date.now()): Promise<number> {
  const { productId, size, quantity } = parseInput(addToCartSchema, input);
  const owner = requireOwner(actor);
  return db.transaction().execute(async (trx) => {
    const product = await sizeOnSale(trx, productId, size);
    const current = await findCartQuantity(trx, owner, productId, size);
    const capped = Math.min(current + quantity, product.stock, MAX_LINE_QUANTITY);
    if (capped === current) {
      throw new AppError(
        "out-of-stock",
        `Only ${product.stock} of ${product.title} in size ${size} are in stock, and all are in your cart.`,
      );
    }
    await saveCartLine(trx, { owner, productId, size, quantity: capped, addedAt: now });
    return capped;
  });
}

/** Sets a line's quantity: at least 1 and at most the stock in hand. */
export async function setQuantity(db: Db, actor: Actor, input: SetQuantityInput, now = Date.now()): Promise<void> {
  const { productId, size, quantity } = parseInput(setQuantitySchema, input);
  const owner = requireOwner(actor);
  await db.transaction().execute(async (trx) => {
    if ((await findCartQuantity(trx, owner, productId, size)) === 0) {
      throw new AppError("not-found", "That item is not in your cart.");
    }
    const product = await sizeStock(trx, productId, size);
    const stock = product?.archived ? 0 : (product?.stock ?? 0);
    if (quantity > stock) {
      throw new AppError("out-of-stock", `Only ${stock} left in size ${size}.`, { quantity: `Only ${stock} left.` });
    }
    await saveCartLine(trx, { owner, productId, size, quantity, addedAt: now });
  });
}

export async function removeFromCart(db: Db, actor: Actor, input: RemoveLineInput): Promise<void> {
  const { productId, size } = parseInput(removeLineSchema, input);
  const owner = requireOwner(actor);
  if ((await deleteCartLine(db, owner, productId, size)) === 0) {
    throw new AppError("not-found", "That item is not in your cart.");
  }
}

/**
 * At login or signup, the visitor's cart joins the account's: the same product and size add up,
 * capped at the stock; the guest cart is then empty. Its offer code comes along.
 */
export async function mergeCarts(executor: Executor, fromOwner: string, toOwner: string, now = Date.now()) {
  const incoming = await findCartLines(executor, fromOwner);
  for (const line of incoming) {
    if (line.archived || !line.stock) continue;
    const current = await findCartQuantity(executor, toOwner, line.productId, line.size);
    const quantity = Math.min(current + line.quantity, line.stock, MAX_LINE_QUANTITY);
    await saveCartLine(executor, {
      owner: toOwner,
      productId: line.productId,
      size: line.size,
      quantity,
      addedAt: now,
    });
  }
  await deleteCart(executor, fromOwner);
  await moveCartCode(executor, fromOwner, toOwner, now);
}
