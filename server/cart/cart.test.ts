import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { getProduct } from "../catalog/catalog.service.ts";
import { archiveProduct, updateProduct } from "../catalog/catalog-admin.service.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { addToCart, cartCount, mergeCarts, removeFromCart, setQuantity, viewCart } from "./cart.service.ts";
import { guestOwner, userOwner } from "./owner.ts";

describeEachDatabase("cart rules", (database) => {
  it("adds the same product and size to one line, never past the stock", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const id = await makeProduct(db, { sizes: { M: 3, L: 9 } });
    expect(await addToCart(db, visitor, { productId: id, size: "M" })).toBe(1);
    expect(await addToCart(db, visitor, { productId: id, size: "M", quantity: 1 })).toBe(2);
    expect(await addToCart(db, visitor, { productId: id, size: "M", quantity: 5 })).toBe(3);
    expect((await failure(addToCart(db, visitor, { productId: id, size: "M" }))).code).toBe("out-of-stock");
    await addToCart(db, visitor, { productId: id, size: "L" });
    const cart = await viewCart(db, visitor);
    expect(cart.lines.map((line) => [line.size, line.quantity])).toEqual([
      ["M", 3],
      ["L", 1],
    ]);
    expect(await cartCount(db, visitor)).toBe(4);
  });

  it("asks for a size, and refuses a size the product lacks, a sold-out size and an archived product", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const id = await makeProduct(db, { sizes: { S: 0, M: 2 } });
    expect(await failure(addToCart(db, visitor, { productId: id, size: "" }))).toEqual({
      code: "validation-failed",
      message: "Please select a size",
    });
    expect((await failure(addToCart(db, visitor, { productId: id, size: "XL" }))).message).toBe("Please select a size");
    expect((await failure(addToCart(db, visitor, { productId: id, size: "XXXL" }))).message).toBe(
      "Please select a size",
    );
    expect((await failure(addToCart(db, visitor, { productId: id, size: "S" }))).code).toBe("out-of-stock");
    await archiveProduct(db, SYSTEM, id);
    expect((await failure(addToCart(db, visitor, { productId: id, size: "M" }))).code).toBe("not-found");
  });

  it("keeps quantities between 1 and the stock in hand", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const id = await makeProduct(db, { sizes: { M: 4 } });
    await addToCart(db, visitor, { productId: id, size: "M" });
    await setQuantity(db, visitor, { productId: id, size: "M", quantity: 4 });
    expect((await failure(setQuantity(db, visitor, { productId: id, size: "M", quantity: 5 }))).message).toBe(
      "Only 4 left in size M.",
    );
    expect((await failure(setQuantity(db, visitor, { productId: id, size: "M", quantity: 0 }))).message).toBe(
      "The quantity must be at least 1.",
    );
    expect((await failure(setQuantity(db, visitor, { productId: id, size: "M", quantity: -3 }))).code).toBe(
      "validation-failed",
    );
    expect((await viewCart(db, visitor)).lines[0]?.quantity).toBe(4);
  });

  it("computes totals on the server from current prices: subtotal, ₹100 shipping when not empty, grand total", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    expect(await viewCart(db, visitor)).toMatchObject({ subtotal: 0, shipping: 0, grandTotal: 0, lines: [] });
    const a = await makeProduct(db, { price: 129_900, sizes: { M: 5 } });
    const b = await makeProduct(db, { price: 49_950, sizes: { "One Size": 5 } });
    await addToCart(db, visitor, { productId: a, size: "M", quantity: 2 });
    await addToCart(db, visitor, { productId: b, size: "One Size" });
    // ₹3,197.50 to pay becomes ₹3,198: whole rupees, the 50 paise shown as the round off.
    expect(await viewCart(db, visitor)).toMatchObject({
      subtotal: 309_750,
      shipping: 10_000,
      roundOff: 50,
      grandTotal: 319_800,
      itemCount: 3,
    });
    // An edited price shows in the cart before checkout.
    const product = await getProduct(db, a);
    await updateProduct(db, SYSTEM, a, {
      ...product,
      price: 100_000,
      sizes: product.sizes,
    });
    expect((await viewCart(db, visitor)).subtotal).toBe(249_950);
  });

  it("removes a line from the actor's own cart only", async () => {
    const { db } = database();
    const alice = makeVisitor();
    const bob = makeVisitor();
    const id = await makeProduct(db, { sizes: { M: 5 } });
    await addToCart(db, alice, { productId: id, size: "M" });
    expect((await failure(removeFromCart(db, bob, { productId: id, size: "M" }))).code).toBe("not-found");
    expect((await viewCart(db, alice)).lines).toHaveLength(1);
    await removeFromCart(db, alice, { productId: id, size: "M" });
    expect((await viewCart(db, alice)).lines).toHaveLength(0);
  });

  it("merges a guest cart into the account at login: the same lines add up, capped at stock", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const account = actorFor(customer);
    const guest = makeVisitor();
    const shared = await makeProduct(db, { sizes: { M: 4 } });
    const guestOnly = await makeProduct(db, { sizes: { L: 2 } });
    await addToCart(db, account, { productId: shared, size: "M", quantity: 3 });
    await addToCart(db, guest, { productId: shared, size: "M", quantity: 2 });
    await addToCart(db, guest, { productId: guestOnly, size: "L", quantity: 2 });
    await db.transaction().execute((trx) => mergeCarts(trx, guestOwner(guest.guestId ?? ""), userOwner(customer.id)));
    const merged = await viewCart(db, account);
    expect(merged.lines.map((line) => [line.productId, line.size, line.quantity])).toEqual([
      [shared, "M", 4],
      [guestOnly, "L", 2],
    ]);
    expect((await viewCart(db, guest)).lines).toEqual([]);
  });
});
