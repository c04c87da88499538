import { expect, it } from "vitest";
import { viewCart } from "../cart/cart.service.ts";
import { guestOwner, userOwner } from "../cart/owner.ts";
import { AppError } from "../errors.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { addToWishlist, mergeWishlists, removeFromWishlist, viewWishlist, wishlistToCart } from "./wishlist.service.ts";

describeEachDatabase("wishlist", (database) => {
  it("keeps one entry per product and remembers the size chosen", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const id = await makeProduct(db, { sizes: { S: 2, M: 2 } });
    await addToWishlist(db, visitor, { productId: id });
    await addToWishlist(db, visitor, { productId: id, size: "M" });
    await addToWishlist(db, visitor, { productId: id });
    const items = await viewWishlist(db, visitor);
    expect(items.map((item) => [item.productId, item.size])).toEqual([[id, "M"]]);
    await removeFromWishlist(db, visitor, { productId: id });
    expect(await viewWishlist(db, visitor)).toEqual([]);
  });

  it("adds to the cart in the remembered size, the only size, or asks for one", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const sized = await makeProduct(db, { sizes: { S: 2, M: 2 } });
    const remembered = await makeProduct(db, { sizes: { S: 2, L: 2 } });
    const single = await makeProduct(db, { sizes: { "One Size": 3 } });
    await addToWishlist(db, visitor, { productId: sized });
    await addToWishlist(db, visitor, { productId: remembered, size: "L" });
    await addToWishlist(db, visitor, { productId: single });
    const asked = await wishlistToCart(db, visitor, { productId: sized }).catch((error: unknown) => error);
    expect(asked instanceof AppError && asked.userMessage).toBe("Please select a size");
    await wishlistToCart(db, visitor, { productId: sized, size: "S" });
    await wishlistToCart(db, visitor, { productId: remembered });
    await wishlistToCart(db, visitor, { productId: single });
    const cart = await viewCart(db, visitor);
    expect(cart.lines.map((line) => [line.productId, line.size])).toEqual([
      [sized, "S"],
      [remembered, "L"],
      [single, "One Size"],
    ]);
  });

  it("merges a guest wishlist into the account without duplicates", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const guest = makeVisitor();
    const both = await makeProduct(db, { sizes: { M: 2 } });
    const guestOnly = await makeProduct(db, { sizes: { M: 2 } });
    await addToWishlist(db, actorFor(customer), { productId: both });
    await addToWishlist(db, guest, { productId: both, size: "M" });
    await addToWishlist(db, guest, { productId: guestOnly });
    await db
      .transaction()
      .execute((trx) => mergeWishlists(trx, guestOwner(guest.guestId ?? ""), userOwner(customer.id)));
    const items = await viewWishlist(db, actorFor(customer));
    expect(items.map((item) => [item.productId, item.size]).sort()).toEqual(
      [
        [both, "M"],
        [guestOnly, null],
      ].sort(),
    );
    expect(await viewWishlist(db, guest)).toEqual([]);
  });
});
