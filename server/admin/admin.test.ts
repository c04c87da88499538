import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { flagRecord } from "#core/collections.ts";
import { addToCart } from "../cart/cart.service.ts";
import { listingQuerySchema } from "../catalog/catalog.schemas.ts";
import { browseListing, getProduct } from "../catalog/catalog.service.ts";
import { archiveProduct, createProduct, productForEditing, updateProduct } from "../catalog/catalog-admin.service.ts";
import { AppError } from "../errors.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { markCashCollected } from "../payments/cash-payments.service.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { dashboardQuerySchema } from "./admin.schemas.ts";
import { adminOrders, adminProducts, adminUsers, dashboardFigures, lowStock, salesChart } from "./admin.service.ts";

const query = (values: Record<string, string> = {}) => dashboardQuerySchema.parse(values);

describeEachDatabase("dashboard figures", (database) => {
  it("counts live products, orders and users, money received, the value booked, and orders to ship", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { price: 100_000, sizes: { M: 10 } });
    await makeProduct(db, { price: 50_000 });
    await archiveProduct(db, SYSTEM, await makeProduct(db));
    const customer = await makeCustomer(db);
    await makeCustomer(db);
    const buy = async () => {
      const buyer = makeVisitor();
      await addToCart(db, buyer, { productId: kurta, size: "M" });
      return placeOrder(db, buyer, checkoutDetails(), atShop());
    };
    const shipped = await buy();
    const cancelled = await buy();
    await buy();
    await changeStatus(db, SYSTEM, { orderId: shipped.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: cancelled.id, from: "placed", to: "cancelled" });
    await markCashCollected(db, actorFor(customer, "admin"), shipped.id);
    // An online order awaiting its payment: booked, but neither received nor ready to ship.
    const online = makeVisitor();
    await addToCart(db, online, { productId: kurta, size: "M" });
    const payments = { online: true, codMaxPaise: 1_000_000, codFeePaise: 0 };
    await placeOrder(db, online, checkoutDetails({ paymentMethod: "online" }), { ...atShop(), payments });

    expect(await dashboardFigures(db, actorFor(customer, "admin"))).toEqual({
      totalProducts: 2,
      totalOrders: 4,
      totalUsers: 2,
      // The cash collected for the shipped order, ₹1,000 plus ₹100 shipping, is with the courier:
      // nothing is received until the courier remits it.
      revenue: 0,
      received: 0,
      codWithCouriers: 110_000,
      refunded: 0,
      // Three orders of ₹1,000 plus ₹100 shipping each, two not paid yet.
      booked: 330_000,
      ordersToShip: 1,
    });
    const refused = await dashboardFigures(db, actorFor(customer)).catch((error: unknown) => error);
    expect(refused instanceof AppError && refused.code).toBe("forbidden");
  });
});

describeEachDatabase("admin lists", (database) => {
  it("searches and pages the products, orders and users tables", async () => {
    const { db } = database();
    for (let index = 0; index < 23; index++) await makeProduct(db, { title: `Paged Kurta ${index}` });
    await makeProduct(db, { title: "Unique Velvet Potli" });
    expect((await adminProducts(db, SYSTEM, query())).rows).toHaveLength(20);
    const second = await adminProducts(db, SYSTEM, query({ page: "2" }));
    expect([second.rows.length, second.hasNext, second.firstNumber]).toEqual([4, false, 21]);
    expect((await adminProducts(db, SYSTEM, query({ q: "velvet potli" }))).rows.map((row) => row.title)).toEqual([
      "Unique Velvet Potli",
    ]);

    const buyer = makeVisitor();
    const product = await makeProduct(db, { sizes: { M: 5 } });
    await addToCart(db, buyer, { productId: product, size: "M" });
    const placed = await placeOrder(db, buyer, checkoutDetails({ email: "find.me@mail.in" }), atShop());
    const orders = await adminOrders(db, SYSTEM, query({ tab: "orders", q: "find.me" }));
    expect(orders.rows.map((row) => [row.orderNumber, row.email])).toEqual([[placed.orderNumber, "find.me@mail.in"]]);
    expect(
      (await adminOrders(db, SYSTEM, query({ tab: "orders", q: placed.orderNumber.toLowerCase() }))).rows,
    ).toHaveLength(1);

    const customer = await makeCustomer(db, { name: "Searchable Sunita" });
    const users = await adminUsers(db, SYSTEM, query({ tab: "users", q: "sunita" }));
    expect(users.rows.map((row) => [row.id, row.pointsBalance, row.disabled])).toEqual([[customer.id, 0, false]]);
  });
});

describeEachDatabase("products by the administrator", (database) => {
  it("creates, edits every field of, and archives a product, and the storefront follows at once", async () => {
    const { db } = database();
    const id = await createProduct(db, SYSTEM, {
      title: "Firozi Silk Kurta",
      price: 259_900,
      images: ["products/aaaa", "https://cdn.example.in/kurta-back.jpg"],
      category: "Ethnic",
      type: "Kurta",
      fabric: "Silk",
      description: "Turquoise silk kurta.",
      description1: "Hand-finished.",
      flags: flagRecord(["isEthnic"]),
      sizes: [
        { size: "S", stock: 2 },
        { size: "M", stock: 4 },
      ],
    });
    const listed = async (listing: string, q: string) =>
      (await browseListing(db, listingQuerySchema.parse({ listing, q }))).items.map((item) => item.id);
    expect(await listed("ethnic", "firozi")).toEqual([id]);

    const before = await productForEditing(db, SYSTEM, id);
    await updateProduct(db, SYSTEM, id, {
      title: "Firozi Chanderi Kurta",
      price: 199_900,
      images: ["products/bbbb"],
      category: "Pinterest Finds",
      type: "Kurta Set",
      fabric: null,
      description: "Turquoise chanderi kurta.",
      description1: "",
      flags: { ...before.flags, isEthnic: false, isMore: true },
      sizes: [
        { size: "M", stock: 7 },
        { size: "XL", stock: 1 },
      ],
    });
    const after = await getProduct(db, id);
    expect(after).toMatchObject({
      title: "Firozi Chanderi Kurta",
      price: 199_900,
      images: ["products/bbbb"],
      category: "Pinterest Finds",
      type: "Kurta Set",
      fabric: null,
      description: "Turquoise chanderi kurta.",
      description1: "",
      sizes: [
        { size: "M", stock: 7 },
        { size: "XL", stock: 1 },
      ],
    });
    expect(after.flags.isEthnic).toBe(false);
    expect(after.flags.isMore).toBe(true);
    expect(await listed("ethnic", "firozi")).toEqual([]);
    expect(await listed("pinterest-finds", "firozi")).toEqual([id]);
    expect(await listed("all", "chanderi")).toEqual([id]);

    await archiveProduct(db, SYSTEM, id);
    expect(await listed("all", "firozi")).toEqual([]);
    const gone = await addToCart(db, makeVisitor(), { productId: id, size: "M" }).catch((error: unknown) => error);
    expect(gone instanceof AppError && gone.code).toBe("not-found");
  });

  it("refuses product changes from anyone but an administrator, and explains bad input", async () => {
    const { db } = database();
    const customer = actorFor(await makeCustomer(db));
    const id = await makeProduct(db);
    const product = await getProduct(db, id);
    for (const attempt of [
      createProduct(db, customer, product),
      updateProduct(db, customer, id, { ...product, price: 1 }),
      archiveProduct(db, customer, id),
    ]) {
      const error = await attempt.catch((caught: unknown) => caught);
      expect(error instanceof AppError && error.code).toBe("forbidden");
    }
    expect((await getProduct(db, id)).price).toBe(product.price);
    const bad = await createProduct(db, SYSTEM, { ...product, title: " ", price: -5 }).catch((error: unknown) => error);
    expect(bad instanceof AppError && bad.fieldErrors).toMatchObject({
      title: "Title is required.",
      price: "Price must be a positive number.",
    });
  });
});

describeEachDatabase("the orders tab's payment column", (database) => {
  it("shows a payment id only for an online payment, and says cash on delivery once", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { sizes: { M: 5 } });
    const cash = makeVisitor();
    await addToCart(db, cash, { productId: kurta, size: "M" });
    const cashOrder = await placeOrder(db, cash, checkoutDetails({ email: "cash.row@mail.in" }), atShop());
    const online = makeVisitor();
    await addToCart(db, online, { productId: kurta, size: "M" });
    const payments = { online: true, codMaxPaise: 1_000_000, codFeePaise: 0 };
    const onlineOrder = await placeOrder(
      db,
      online,
      checkoutDetails({ email: "online.row@mail.in", paymentMethod: "online" }),
      {
        ...atShop(),
        payments,
      },
    );
    const rowOf = async (email: string) => (await adminOrders(db, SYSTEM, query({ tab: "orders", q: email }))).rows[0];
    // The shop's own reference of a cash order is no payment: nothing is shown under its number.
    expect(await rowOf("cash.row@mail.in")).toMatchObject({ paymentId: null, payment: "Cash on delivery" });
    expect(await rowOf("online.row@mail.in")).toMatchObject({ paymentId: null, payment: "Online · Awaiting payment" });
    // Once the gateway's payment paid it, its id is what the shop, the bank and the buyer share.
    await db
      .updateTable("orders")
      .set({ paymentId: "pay_RowGateway001", paymentStatus: "paid" })
      .where("id", "=", onlineOrder.id)
      .execute();
    expect(await rowOf("online.row@mail.in")).toMatchObject({
      paymentId: "pay_RowGateway001",
      payment: "Online · Paid",
    });
    expect((await rowOf("pay_RowGateway001"))?.id).toBe(onlineOrder.id);
    expect((await rowOf("cash.row@mail.in"))?.id).toBe(cashOrder.id);
  });
});

describeEachDatabase("sales chart", (database) => {
  it("counts orders and revenue per day of India's time over the last 30 days, quiet days as zeros", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { price: 100_000, sizes: { M: 20 } });
    const buyAt = async (at: number) => {
      const buyer = makeVisitor();
      await addToCart(db, buyer, { productId: kurta, size: "M" });
      return placeOrder(db, buyer, checkoutDetails(), atShop(at));
    };
    // Money counts when received: each order here is delivered and its cash collected.
    const collect = async (orderId: number) => {
      await changeStatus(db, SYSTEM, { orderId, from: "placed", to: "shipped" });
      await markCashCollected(db, SYSTEM, orderId);
    };
    // 20 Nov 20:00 UTC is already 21 Nov in Mumbai (01:30).
    await collect((await buyAt(Date.UTC(2026, 10, 20, 20, 0))).id);
    const cancelled = await buyAt(Date.UTC(2026, 10, 21, 10, 0));
    await collect((await buyAt(Date.UTC(2026, 10, 20, 18, 0))).id);
    await changeStatus(db, SYSTEM, { orderId: cancelled.id, from: "placed", to: "cancelled" });
    // Placed but not paid: booked, not received.
    await buyAt(Date.UTC(2026, 10, 22, 10, 0));
    // 30 days before 23 Nov: too old for the chart.
    await buyAt(Date.UTC(2026, 9, 24, 12, 0));

    const days = await salesChart(db, SYSTEM, Date.UTC(2026, 10, 23, 6, 0));
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe("2026-10-25");
    expect(days.at(-1)?.date).toBe("2026-11-23");
    const on = (date: string) => days.find((day) => day.date === date);
    expect(on("2026-11-20")).toEqual({ date: "2026-11-20", orders: 1, revenue: 110_000 });
    // Two orders on the 21st; the cancelled one brings in nothing.
    expect(on("2026-11-21")).toEqual({ date: "2026-11-21", orders: 2, revenue: 110_000 });
    expect(on("2026-11-22")).toEqual({ date: "2026-11-22", orders: 1, revenue: 0 });
    expect(days.reduce((sum, day) => sum + day.orders, 0)).toBe(4);

    const customer = actorFor(await makeCustomer(db));
    const refused = await salesChart(db, customer).catch((error: unknown) => error);
    expect(refused instanceof AppError && refused.code).toBe("forbidden");
  });
});

describeEachDatabase("low stock", (database) => {
  it("lists the sizes on sale with five or fewer left, fewest first, and none of a product taken off sale", async () => {
    const { db } = database();
    const dupatta = await makeProduct(db, { title: "Low Dupatta", sizes: { S: 2, M: 10, L: 0 } });
    const saree = await makeProduct(db, { title: "Low Saree", sizes: { M: 5, L: 6 } });
    await archiveProduct(db, SYSTEM, await makeProduct(db, { title: "Gone Kurta", sizes: { M: 1 } }));

    const { rows, more } = await lowStock(db, SYSTEM);
    expect(rows).toEqual([
      { productId: dupatta, title: "Low Dupatta", size: "L", stock: 0 },
      { productId: dupatta, title: "Low Dupatta", size: "S", stock: 2 },
      { productId: saree, title: "Low Saree", size: "M", stock: 5 },
    ]);
    expect(more).toBe(false);
    const customer = actorFor(await makeCustomer(db));
    const refused = await lowStock(db, customer).catch((error: unknown) => error);
    expect(refused instanceof AppError && refused.code).toBe("forbidden");
  });
});
