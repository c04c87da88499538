import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "#core/order-status.ts";
import { writeQuote } from "#core/price-quote.ts";
import { addToCart, viewCart } from "../cart/cart.service.ts";
import { findProduct, getProduct } from "../catalog/catalog.service.ts";
import { archiveProduct, updateProduct } from "../catalog/catalog-admin.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { pointsSummary } from "../rewards/rewards.service.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { mobileField } from "../validation/fields.ts";
import { changeStatus, customerOrder, listForCustomer, orderByAccessToken, orderForAdmin } from "./orders.service.ts";
import { placeOrder } from "./place-order.ts";

async function stockOf(db: Db, productId: number, size: string) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

async function deliver(db: Db, orderId: number) {
  await changeStatus(db, SYSTEM, { orderId, from: "placed", to: "shipped" });
  await changeStatus(db, SYSTEM, { orderId, from: "shipped", to: "delivered" });
}

async function orderFor(db: Db, actor: Actor, productId: number, size = "M", quantity = 1) {
  await addToCart(db, actor, { productId, size, quantity });
  return placeOrder(db, actor, checkoutDetails(), atShop());
}

describeEachDatabase("placing orders", (database) => {
  it("writes the order with a snapshot of each line, takes the stock, holds its points and empties the cart", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const kurta = await makeProduct(db, { title: "Saffron Kurta", price: 149_900, sizes: { M: 5 } });
    const bag = await makeProduct(db, { title: "Zari Potli", price: 60_000, sizes: { "One Size": 2 } });
    await addToCart(db, actor, { productId: kurta, size: "M", quantity: 2 });
    await addToCart(db, actor, { productId: bag, size: "One Size" });

    const placed = await placeOrder(db, actor, checkoutDetails({ phone: "9820012345" }), atShop());
    expect(placed.orderNumber).toMatch(/^KS-\d{6}$/);
    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({
      status: "placed",
      subtotal: 359_800,
      shipping: 10_000,
      total: 369_800,
      itemCount: 3,
      pointsEarned: 35,
      email: customer.email,
      pincode: "400050",
      phone: "9820012345",
    });
    expect(order.paymentRef).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(order.lines.map((line) => [line.title, line.size, line.unitPrice, line.quantity])).toEqual([
      ["Saffron Kurta", "M", 149_900, 2],
      ["Zari Potli", "One Size", 60_000, 1],
    ]);
    expect(order.history.map((entry) => [entry.from, entry.to])).toEqual([[null, "placed"]]);
    expect(await stockOf(db, kurta, "M")).toBe(3);
    expect(await stockOf(db, bag, "One Size")).toBe(1);
    expect((await viewCart(db, actor)).lines).toEqual([]);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, pending: 35 });
  });

  it("keeps the order's snapshot when the product is edited or archived later", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const id = await makeProduct(db, { title: "Original Title", price: 99_900, sizes: { M: 5 } });
    const placed = await orderFor(db, visitor, id);
    const product = await getProduct(db, id);
    await updateProduct(db, SYSTEM, id, { ...product, title: "Renamed", price: 10_000 });
    await archiveProduct(db, SYSTEM, id);
    const order = await orderByAccessToken(db, placed.accessToken);
    expect(order.lines[0]).toMatchObject({ title: "Original Title", unitPrice: 99_900 });
  });

  it("gives guests no points and needs their e-mail", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const id = await makeProduct(db, { price: 500_000, sizes: { M: 5 } });
    await addToCart(db, guest, { productId: id, size: "M" });
    const missing = await failure(placeOrder(db, guest, checkoutDetails({ email: "" }), atShop()));
    expect(missing.message).toBe("All fields are required. Please enter your e-mail address.");
    const placed = await placeOrder(db, guest, checkoutDetails({ redeemPoints: true }), atShop());
    const order = await orderByAccessToken(db, placed.accessToken);
    expect(order).toMatchObject({ isGuest: true, pointsEarned: 0, pointsRedeemed: 0, total: 510_000 });
  });

  it("checks every field: all required first, then pincode and mobile formats", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const id = await makeProduct(db, { sizes: { M: 5 } });
    await addToCart(db, guest, { productId: id, size: "M" });
    const needs = { name: "full name", address: "full address", pincode: "pincode", phone: "mobile number" };
    for (const [field, what] of Object.entries(needs)) {
      const refused = await failure(placeOrder(db, guest, checkoutDetails({ [field]: " " }), atShop()));
      expect(refused.message).toMatch(new RegExp(`^All fields are required\\. Please enter (your|the|a) ${what}\\.$`));
    }
    // Values no Indian address or phone can have.
    for (const pincode of ["40005", "000000", "012345", "4000501"]) {
      expect((await failure(placeOrder(db, guest, checkoutDetails({ pincode }), atShop()))).message, pincode).toBe(
        "Please enter a 6-digit pincode (it never starts with 0).",
      );
    }
    for (const phone of ["98200", "1234567890", "5820012345", "+44 7700 900123"]) {
      expect((await failure(placeOrder(db, guest, checkoutDetails({ phone }), atShop()))).message, phone).toMatch(
        /starting with 6, 7, 8 or 9/,
      );
    }
    for (const phone of ["9820012345", "+91 98200 12345", "09820012345", "98200-12345", "919820012345"]) {
      expect(mobileField.parse(phone), phone).toBe("9820012345");
    }
    expect((await failure(placeOrder(db, guest, checkoutDetails({ name: "A" }), atShop()))).message).toBe(
      "Please enter the full name (at least 2 letters).",
    );
    expect((await viewCart(db, guest)).lines).toHaveLength(1);
  });

  it("returns the same order for a resubmitted form, and refuses the key with other details", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const id = await makeProduct(db, { sizes: { M: 5 } });
    await addToCart(db, guest, { productId: id, size: "M" });
    const details = checkoutDetails();
    const first = await placeOrder(db, guest, details, atShop());
    const again = await placeOrder(db, guest, details, atShop());
    expect(again).toEqual({ ...first, replayed: true });
    expect(await stockOf(db, id, "M")).toBe(4);
    const changed = await failure(placeOrder(db, guest, { ...details, address: "Somewhere else entirely" }, atShop()));
    expect(changed.code).toBe("idempotency-conflict");
  });

  it("writes nothing when one item ran out, and names the item and size", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const plenty = await makeProduct(db, { title: "Plenty Top", sizes: { L: 9 } });
    const scarce = await makeProduct(db, { title: "Scarce Suit", sizes: { S: 1 } });
    await addToCart(db, guest, { productId: plenty, size: "L" });
    await addToCart(db, guest, { productId: scarce, size: "S" });
    // Someone else buys the last one first.
    await orderFor(db, makeVisitor(), scarce, "S");
    const refused = await failure(placeOrder(db, guest, checkoutDetails(), atShop()));
    expect(refused).toEqual({ code: "out-of-stock", message: "Sorry, Scarce Suit in size S is out of stock." });
    expect(await stockOf(db, plenty, "L")).toBe(9);
    expect((await viewCart(db, guest)).lines).toHaveLength(2);
  });

  it("refuses a cart holding a product taken out of the shop, whatever the line's message says", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const kept = await makeProduct(db, { title: "Kept Kurta", sizes: { M: 4 } });
    const gone = await makeProduct(db, { title: "Retired Dupatta", sizes: { "One Size": 4 } });
    await addToCart(db, guest, { productId: kept, size: "M" });
    await addToCart(db, guest, { productId: gone, size: "One Size" });
    await archiveProduct(db, SYSTEM, gone);
    const cart = await viewCart(db, guest);
    expect(cart.lines.find((line) => line.productId === gone)?.availability).toEqual({ kind: "archived" });
    const refused = await failure(placeOrder(db, guest, checkoutDetails(), atShop()));
    expect(refused).toEqual({
      code: "out-of-stock",
      message: "Retired Dupatta is no longer available. Please remove it from your cart.",
    });
    expect(await stockOf(db, kept, "M")).toBe(4);
    expect(await stockOf(db, gone, "One Size")).toBe(4);
    expect((await viewCart(db, guest)).lines).toHaveLength(2);
  });

  it("refuses a line asking for more than is in stock, and says how many are left", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const id = await makeProduct(db, { title: "Lehenga Skirt", sizes: { M: 3 } });
    await addToCart(db, guest, { productId: id, size: "M", quantity: 3 });
    // Another shopper buys two of the three while this cart waits.
    await orderFor(db, makeVisitor(), id, "M", 2);
    const cart = await viewCart(db, guest);
    expect(cart.lines[0]?.availability).toEqual({ kind: "short", available: 1 });
    const refused = await failure(placeOrder(db, guest, checkoutDetails(), atShop()));
    expect(refused).toEqual({ code: "out-of-stock", message: "Sorry, only 1 of Lehenga Skirt in size M is left." });
    expect(await stockOf(db, id, "M")).toBe(1);
    expect((await viewCart(db, guest)).lines[0]?.quantity).toBe(3);
  });

  it("moves the catalogue on only when a sale or a cancellation changes what a page shows of the stock", async () => {
    const { db } = database();
    const version = () => catalogVersion(db).current();
    const shopper = makeVisitor();
    const deep = await makeProduct(db, { sizes: { M: 40 } });
    const shallow = await makeProduct(db, { sizes: { M: 7 } });
    const before = await version();
    // Forty on the shelf, thirty-nine after: no page says how many are left, so every page stands.
    const fromDeep = await orderFor(db, shopper, deep);
    expect(await version()).toBe(before);
    // Seven to five: the product page now says "Only 5 left", so pages made before are out of date.
    await orderFor(db, shopper, shallow, "M", 2);
    const afterShallow = await version();
    expect(afterShallow).toBeGreaterThan(before);
    // Back on a deep shelf, the cancelled piece shows nowhere either.
    await changeStatus(db, SYSTEM, { orderId: fromDeep.id, from: "placed", to: "cancelled" });
    expect(await version()).toBe(afterShallow);
  });

  it("keeps earned points pending until delivery, then spendable; redeems at ₹1 each and returns them on cancellation", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const id = await makeProduct(db, { price: 1_000_000, sizes: { M: 5 } });
    const earning = await orderFor(db, actor, id);
    // Cash on delivery: nothing is spendable before the buyer has the goods.
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, pending: 100 });
    await deliver(db, earning.id);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 100, pending: 0 });

    const cheap = await makeProduct(db, { price: 5_000, sizes: { M: 5 } });
    await addToCart(db, actor, { productId: cheap, size: "M" });
    const spending = await placeOrder(db, actor, checkoutDetails({ redeemPoints: true }), atShop());
    const spent = await customerOrder(db, actor, spending.orderNumber);
    // ₹50 of goods: 50 points pay for them, shipping is still due, and nothing is earned on them.
    expect(spent).toMatchObject({ subtotal: 5_000, pointsRedeemed: 50, total: 10_000, pointsEarned: 0 });
    expect((await pointsSummary(db, actor)).balance).toBe(50);

    await changeStatus(db, SYSTEM, { orderId: spending.id, from: "placed", to: "cancelled" });
    const summary = await pointsSummary(db, actor);
    expect(summary).toMatchObject({ balance: 100, pending: 0 });
    expect(summary.ledger.map((entry) => [entry.kind, entry.points])).toEqual([
      ["redeemed-returned", 50],
      ["redeemed", -50],
      ["earned", 100],
    ]);
    expect(await stockOf(db, cheap, "M")).toBe(5);
  });

  it("drops the pending points of an order cancelled before delivery, even after the rest was spent", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const id = await makeProduct(db, { price: 380_000, sizes: { M: 5 } });
    await deliver(db, (await orderFor(db, actor, id)).id);
    expect((await pointsSummary(db, actor)).balance).toBe(38);
    const second = await orderFor(db, actor, id);
    expect((await pointsSummary(db, actor)).pending).toBe(38);
    // The spendable 38 are spent on a third order while the second is on its way.
    await addToCart(db, actor, { productId: id, size: "M" });
    await placeOrder(db, actor, checkoutDetails({ redeemPoints: true }), atShop());
    await changeStatus(db, SYSTEM, { orderId: second.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: second.id, from: "shipped", to: "cancelled" });
    const summary = await pointsSummary(db, actor);
    expect(summary.balance).toBe(0);
    // The third order's own points (on ₹3,800 − ₹38 paid in points = ₹3,762: 37) wait for its delivery.
    expect(summary.pending).toBe(37);
    const cancelled = await customerOrder(db, actor, second.orderNumber);
    expect(cancelled.pointsEarned).toBe(38);
  });

  it("earns points only on the part of the goods paid for with money", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    await deliver(db, (await orderFor(db, actor, await makeProduct(db, { price: 1_000_000 }))).id);
    const piece = await makeProduct(db, { price: 25_000, sizes: { M: 5 } });
    await addToCart(db, actor, { productId: piece, size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails({ redeemPoints: true }), atShop());
    // ₹250 of goods, ₹100 of it in points: one point for the ₹150 paid, not two.
    expect(await customerOrder(db, actor, placed.orderNumber)).toMatchObject({ pointsRedeemed: 100, pointsEarned: 1 });
  });

  it("refuses an order whose price changed after the buyer looked, says what changed, and places it once confirmed", async () => {
    const { db } = database();
    const shopper = makeVisitor();
    const suit = await makeProduct(db, { title: "Rani Pink Suit", price: 379_800, sizes: { M: 5 } });
    const dupatta = await makeProduct(db, { title: "Mulmul Dupatta", price: 89_900, sizes: { M: 5 } });
    await addToCart(db, shopper, { productId: suit, size: "M" });
    await addToCart(db, shopper, { productId: dupatta, size: "M" });
    const seen = await viewCart(db, shopper);
    const quote = writeQuote(seen.lines, seen.grandTotal);
    expect(seen.grandTotal).toBe(479_700);

    // The administrator raises the suit's price between the buyer's look and "Order Now".
    const product = await findProduct(db, suit);
    if (!product) throw new Error("no product");
    await updateProduct(db, SYSTEM, suit, { ...product, price: 439_800, flags: product.flags, images: product.images });

    const refused = await failure(placeOrder(db, shopper, checkoutDetails({ seenQuote: quote }), atShop()));
    expect(refused.code).toBe("price-changed");
    expect(refused.message).toContain("Rani Pink Suit (size M) is now ₹4,398, was ₹3,798");
    expect(refused.message).toContain("The total is now ₹5,397 (you saw ₹4,797)");
    expect(refused.message).not.toContain("Mulmul Dupatta");
    // Nothing was placed or taken: the cart and the stock stand as they were.
    expect((await viewCart(db, shopper)).lines).toHaveLength(2);
    expect(await stockOf(db, suit, "M")).toBe(5);

    const again = await viewCart(db, shopper);
    const placed = await placeOrder(
      db,
      shopper,
      checkoutDetails({ seenQuote: writeQuote(again.lines, again.grandTotal) }),
      atShop(),
    );
    expect((await orderByAccessToken(db, placed.accessToken)).total).toBe(539_700);
  });

  it("refuses a checkout whose quote is not one the shop wrote", async () => {
    const { db } = database();
    const shopper = makeVisitor();
    await addToCart(db, shopper, { productId: await makeProduct(db), size: "M" });
    const refused = await failure(placeOrder(db, shopper, checkoutDetails({ seenQuote: "cheap please" }), atShop()));
    expect(refused.code).toBe("validation-failed");
    expect((await viewCart(db, shopper)).lines).toHaveLength(1);
  });

  it("refuses, in the database itself, a points balance below zero", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    await expect(
      db.updateTable("users").set({ pointsBalance: -1 }).where("id", "=", customer.id).execute(),
    ).rejects.toThrow(/check|constraint|points/i);
  });

  it("lists a customer's own orders only, newest first, and hides others' orders", async () => {
    const { db } = database();
    const alice = actorFor(await makeCustomer(db));
    const bob = actorFor(await makeCustomer(db));
    const id = await makeProduct(db, { sizes: { M: 9 } });
    const older = await orderFor(db, alice, id);
    const newer = await orderFor(db, alice, id);
    const bobs = await orderFor(db, bob, id);
    const list = await listForCustomer(db, alice);
    expect(list.orders.map((order) => order.orderNumber)).toEqual([newer.orderNumber, older.orderNumber]);
    expect((await failure(customerOrder(db, alice, bobs.orderNumber))).code).toBe("not-found");
    expect((await failure(orderByAccessToken(db, "not-the-secret-of-any-order-at-all-000"))).code).toBe("not-found");
  });
});

describeEachDatabase("order statuses", (database) => {
  async function orderIn(db: Db, status: OrderStatus) {
    const id = await makeProduct(db, { sizes: { M: 50 } });
    const placed = await orderFor(db, makeVisitor(), id);
    const path: Record<OrderStatus, OrderStatus[]> = {
      placed: [],
      shipped: ["shipped"],
      delivered: ["shipped", "delivered"],
      cancelled: ["cancelled"],
      "returned-to-origin": ["shipped", "returned-to-origin"],
    };
    let from: OrderStatus = "placed";
    for (const to of path[status]) {
      await changeStatus(db, SYSTEM, { orderId: placed.id, from, to });
      from = to;
    }
    return placed.id;
  }

  it("allows exactly the changes in the transition table and records each one", async () => {
    const { db } = database();
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const orderId = await orderIn(db, from);
        const allowed = ORDER_TRANSITIONS[from].includes(to);
        const result = await changeStatus(db, SYSTEM, { orderId, from, to }).then(
          () => "ok",
          (error: unknown) => (error instanceof AppError ? error.code : "crash"),
        );
        expect(result, `${from} → ${to}`).toBe(allowed ? "ok" : "invalid-transition");
        const order = await orderForAdmin(db, SYSTEM, orderId);
        expect(order.status).toBe(allowed ? to : from);
        if (allowed) expect(order.history.at(-1)).toMatchObject({ from, to, actor: "system" });
      }
    }
  });

  it("lets one of two administrators win a simultaneous change; the other is told", async () => {
    const { db } = database();
    const orderId = await orderIn(db, "placed");
    const results = await Promise.allSettled([
      changeStatus(db, SYSTEM, { orderId, from: "placed", to: "shipped" }),
      changeStatus(db, SYSTEM, { orderId, from: "placed", to: "cancelled" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((result) => result.status === "rejected");
    expect(loser?.reason instanceof AppError && loser.reason.code).toBe("stale-update");
    expect((await orderForAdmin(db, SYSTEM, orderId)).history).toHaveLength(2);
  });

  it("refuses status changes by anyone but an administrator", async () => {
    const { db } = database();
    const orderId = await orderIn(db, "placed");
    const customer = actorFor(await makeCustomer(db));
    expect((await failure(changeStatus(db, customer, { orderId, from: "placed", to: "shipped" }))).code).toBe(
      "forbidden",
    );
    expect((await failure(changeStatus(db, makeVisitor(), { orderId, from: "placed", to: "shipped" }))).code).toBe(
      "unauthenticated",
    );
  });
});

describeEachDatabase("checkout under contention", (database) => {
  it("places one order when the same cart is checked out twice at once (two tabs, two keys)", async () => {
    const { db } = database();
    const buyer = makeVisitor();
    const id = await makeProduct(db, { sizes: { M: 9 } });
    await addToCart(db, buyer, { productId: id, size: "M", quantity: 2 });
    const results = await Promise.allSettled([
      placeOrder(db, buyer, checkoutDetails(), atShop()),
      placeOrder(db, buyer, checkoutDetails(), atShop()),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason instanceof AppError && refused.reason.code).toBe("cart-empty");
    expect(await stockOf(db, id, "M")).toBe(7);
  });

  it("sells exactly the last 10 units to 200 buyers at once: 10 orders, stock 0, 190 clear refusals", async () => {
    const { db } = database();
    const id = await makeProduct(db, { title: "Last Lehenga", sizes: { M: 10 } });
    const buyers = Array.from({ length: 200 }, () => makeVisitor());
    for (const buyer of buyers) await addToCart(db, buyer, { productId: id, size: "M" });
    const results = await Promise.allSettled(buyers.map((buyer) => placeOrder(db, buyer, checkoutDetails(), atShop())));
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(refused.every((error) => error instanceof AppError && error.code === "out-of-stock")).toBe(true);
    expect(refused[0]?.userMessage).toBe("Sorry, Last Lehenga in size M is out of stock.");
    expect(await stockOf(db, id, "M")).toBe(0);
  });
});
