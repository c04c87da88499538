import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { writeQuote } from "#core/price-quote.ts";
import { addToCart, viewCart, viewOrderNow } from "../cart/cart.service.ts";
import { findProduct, getProduct } from "../catalog/catalog.service.ts";
import { archiveProduct, updateProduct } from "../catalog/catalog-admin.service.ts";
import type { Db } from "../db/schema.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { customerOrder, orderByAccessToken } from "./orders.service.ts";
import { placeOrder } from "./place-order.ts";

async function stockOf(db: Db, productId: number, size: string) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

describeEachDatabase("Order Now: one piece, outside the cart", (database) => {
  it("buys the one piece, priced on the server, and leaves the cart as it was", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { title: "Saffron Kurta", price: 149_900, sizes: { M: 5 } });
    const potli = await makeProduct(db, { title: "Zari Potli", price: 60_000, sizes: { "One Size": 2 } });
    await addToCart(db, actor, { productId: kurta, size: "M", quantity: 2 });
    const piece = { productId: potli, size: "One Size" };

    const view = await viewOrderNow(db, actor, piece);
    expect(view).toMatchObject({ subtotal: 60_000, shipping: 10_000, grandTotal: 70_000, itemCount: 1 });
    const placed = await placeOrder(
      db,
      actor,
      checkoutDetails({
        buyProductId: String(potli),
        buySize: "One Size",
        seenQuote: writeQuote(view.lines, view.grandTotal),
      }),
      atShop(),
    );
    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({ subtotal: 60_000, shipping: 10_000, total: 70_000, itemCount: 1 });
    expect(order.lines.map((line) => [line.title, line.size, line.quantity])).toEqual([["Zari Potli", "One Size", 1]]);
    expect(await stockOf(db, potli, "One Size")).toBe(1);
    expect(await stockOf(db, kurta, "M")).toBe(5);
    const cart = await viewCart(db, actor);
    expect(cart.lines.map((line) => [line.title, line.quantity])).toEqual([["Saffron Kurta", 2]]);
  });

  it("places one order for a form sent twice, and takes the stock once", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const dupatta = await makeProduct(db, { price: 89_900, sizes: { "One Size": 4 } });
    const details = checkoutDetails({ email: "neha@mail.in", buyProductId: String(dupatta), buySize: "One Size" });
    const [first, second] = await Promise.all([
      placeOrder(db, visitor, details, atShop()),
      placeOrder(db, visitor, details, atShop()),
    ]);
    expect(second.id).toBe(first.id);
    const again = await placeOrder(db, visitor, details, atShop());
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(await stockOf(db, dupatta, "One Size")).toBe(3);
    expect((await orderByAccessToken(db, first.accessToken)).total).toBe(99_900);
    // The same form naming another piece is another order: refused.
    const other = checkoutDetails({ ...details, buySize: "M" });
    expect((await failure(placeOrder(db, visitor, other, atShop()))).code).toBe("idempotency-conflict");
  });

  it("refuses a sold-out size, a product taken out of the shop and a price changed since it was seen", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const suit = await makeProduct(db, { title: "Velvet Suit", price: 500_000, sizes: { S: 0, M: 3 } });
    const order = (size: string, extra: Record<string, unknown> = {}) =>
      placeOrder(
        db,
        visitor,
        checkoutDetails({ email: "neha@mail.in", buyProductId: String(suit), buySize: size, ...extra }),
        atShop(),
      );
    expect(await failure(order("S"))).toEqual({
      code: "out-of-stock",
      message: "Sorry, Velvet Suit in size S is out of stock.",
    });
    const seen = await viewOrderNow(db, visitor, { productId: suit, size: "M" });
    await updateProduct(db, SYSTEM, suit, { ...(await getProduct(db, suit)), price: 550_000 });
    const moved = await failure(order("M", { seenQuote: writeQuote(seen.lines, seen.grandTotal) }));
    expect(moved.code).toBe("price-changed");
    await archiveProduct(db, SYSTEM, suit);
    expect((await failure(order("M"))).code).toBe("out-of-stock");
    expect(await stockOf(db, suit, "M")).toBe(3);
  });
});
