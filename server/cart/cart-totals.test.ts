import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { archiveProduct } from "../catalog/catalog-admin.service.ts";
import { makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { addToCart, viewCart } from "./cart.service.ts";

describeEachDatabase("the cart's totals", (database) => {
  it("lists a product taken out of the shop, to be removed, but leaves it out of the totals", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const kept = await makeProduct(db, { price: 69_900, sizes: { M: 5 } });
    const gone = await makeProduct(db, { price: 250_000, sizes: { M: 5 } });
    await addToCart(db, visitor, { productId: kept, size: "M" });
    await addToCart(db, visitor, { productId: gone, size: "M", quantity: 2 });
    await archiveProduct(db, SYSTEM, gone);
    const cart = await viewCart(db, visitor);
    expect(cart.lines.map((line) => [line.productId, line.availability.kind])).toEqual([
      [kept, "ok"],
      [gone, "archived"],
    ]);
    expect(cart).toMatchObject({ subtotal: 69_900, shipping: 10_000, grandTotal: 79_900, itemCount: 1, blocked: true });
  });
});
