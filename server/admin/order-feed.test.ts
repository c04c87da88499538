import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { AppError } from "../errors.ts";
import { recordStatusChange } from "../orders/order-events.repository.ts";
import { openOrderEventSignal } from "../orders/order-feed.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { latestOrderEvent, orderEventsAfter } from "./order-feed.service.ts";

describeEachDatabase("the administrator's order feed", (database) => {
  const buy = async (productId: number, name = "Meera Iyer") => {
    const buyer = makeVisitor();
    await addToCart(database().db, buyer, { productId, size: "M" });
    return placeOrder(database().db, buyer, checkoutDetails({ name }), atShop());
  };

  it("gives every order placed or moved on after the entry a page last saw, oldest first, to administrators only", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { price: 100_000, sizes: { M: 10 } });
    const start = await latestOrderEvent(db, SYSTEM);
    const first = await buy(kurta, "Meera Iyer");
    const second = await buy(kurta, "Kabir Shah");
    await changeStatus(db, SYSTEM, { orderId: first.id, from: "placed", to: "shipped" });

    const events = await orderEventsAfter(db, SYSTEM, start);
    expect(events.map((event) => [event.orderNumber, event.from, event.to, event.name])).toEqual([
      [first.orderNumber, null, "placed", "Meera Iyer"],
      [second.orderNumber, null, "placed", "Kabir Shah"],
      [first.orderNumber, "placed", "shipped", "Meera Iyer"],
    ]);
    // ₹1,000 and ₹100 shipping.
    expect(events[0]?.total).toBe(110_000);
    expect(await latestOrderEvent(db, SYSTEM)).toBe(events[2]?.id);
    const afterSecond = await orderEventsAfter(db, SYSTEM, events[1]?.id ?? 0);
    expect(afterSecond.map((event) => event.to)).toEqual(["shipped"]);

    const customer = actorFor(await makeCustomer(db));
    for (const attempt of [orderEventsAfter(db, customer, start), latestOrderEvent(db, customer)]) {
      const refused = await attempt.catch((error: unknown) => error);
      expect(refused instanceof AppError && refused.code).toBe("forbidden");
    }
    const visitor = await orderEventsAfter(db, makeVisitor(), start).catch((error: unknown) => error);
    expect(visitor instanceof AppError && visitor.code).toBe("unauthenticated");
  });

  it("never lets a follower skip an entry while many orders move on at once", async () => {
    const { db } = database();
    const saree = await makeProduct(db, { sizes: { M: 30 } });
    const orders = [];
    for (let index = 0; index < 30; index++) orders.push(await buy(saree));
    const start = await latestOrderEvent(db, SYSTEM);
    const seen: number[] = [];
    let last = start;
    let moving = true;
    // A follower reading as fast as it can while the administrators ship the orders, each in a
    // transaction of its own that waits for no other (orders placed at once already take turns
    // for their invoice numbers).
    const follower = (async () => {
      while (moving) {
        const events = await orderEventsAfter(db, SYSTEM, last);
        for (const event of events) seen.push(event.id);
        last = events.at(-1)?.id ?? last;
      }
    })();
    await Promise.all(
      orders.map((order) => changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" })),
    );
    moving = false;
    await follower;
    seen.push(...(await orderEventsAfter(db, SYSTEM, last)).map((event) => event.id));
    const all = (await orderEventsAfter(db, SYSTEM, start)).map((event) => event.id);
    expect(all).toHaveLength(30);
    expect(seen).toEqual(all);
  });

  it("wakes a follower when an order event commits, on PostgreSQL through the database itself", async () => {
    const { db, url, engine } = database();
    const lehenga = await makeProduct(db, { sizes: { M: 5 } });
    const signal = openOrderEventSignal(url);
    let wakes = 0;
    const woken = () =>
      new Promise<void>((resolve) => {
        const unsubscribe = signal.subscribe(() => {
          wakes++;
          unsubscribe();
          resolve();
        });
      });
    try {
      const placed = woken();
      await buy(lehenga);
      await placed;
      expect(wakes).toBe(1);
      if (engine === "postgres") {
        // Another node's ear, opened once the order above has committed: only a later commit can
        // wake it, and this one is written without telling anyone in this process.
        const otherNode = openOrderEventSignal(url);
        try {
          let heard = 0;
          otherNode.subscribe(() => {
            heard++;
          });
          await otherNode.listening();
          const before = heard;
          const order = (await orderEventsAfter(db, SYSTEM, 0))[0];
          if (!order) throw new Error("the order's event is missing");
          await db.transaction().execute((trx) =>
            recordStatusChange(trx, {
              orderId: order.orderId,
              fromStatus: "placed",
              toStatus: "shipped",
              actor: "test",
              at: Date.now(),
            }),
          );
          await expect.poll(() => heard, { timeout: 5_000 }).toBeGreaterThan(before);
        } finally {
          await otherNode.close();
        }
      }
    } finally {
      await signal.close();
    }
  });
});
