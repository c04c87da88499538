import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { requestReturn } from "../returns/returns.service.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "../testing/factories.ts";
import { deliveredOrder, takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { pointsSummary } from "./rewards.service.ts";

describeEachDatabase("points after a return", (database) => {
  it("takes back a returned piece's points; spent already, they are owed and later earnings clear them", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const sizes = { M: 5 };
    const kurta = await makeProduct(db, { price: 499_900, sizes });
    const first = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 1 }]);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 49, owed: 0 });

    // The 49 points are spent on the next order, which is on its way.
    const dupatta = await makeProduct(db, { price: 299_900, sizes });
    await addToCart(db, actor, { productId: dupatta, size: "M" });
    const second = await placeOrder(db, actor, checkoutDetails({ redeemPoints: true }), atShop());
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, pending: 29 });

    // The kurta comes back: its 49 points go with it. None are left to take, so all 49 are owed.
    const which = { orderNumber: first.orderNumber };
    const { id } = await requestReturn(db, { returnDays: 14 }, actor, which, {
      position: 0,
      quantity: 1,
      kind: "refund",
      reason: "too-small",
      refundMethod: "store-credit",
    });
    await takeThrough(db, id, "refunded");
    const owing = await pointsSummary(db, actor);
    expect(owing).toMatchObject({ balance: 0, owed: 49 });
    expect(owing.ledger[0]).toMatchObject({ kind: "earned-reversed", points: -49, orderNumber: first.orderNumber });

    // The next earnings clear the debt before anything becomes spendable; the balance never goes below zero.
    await changeStatus(db, SYSTEM, { orderId: second.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: second.id, from: "shipped", to: "delivered" });
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, owed: 20 });
    const lehenga = await makeProduct(db, { price: 309_900, sizes });
    await deliveredOrder(db, actor, [{ productId: lehenga, size: "M", quantity: 1 }]);
    const cleared = await pointsSummary(db, actor);
    expect(cleared).toMatchObject({ balance: 10, owed: 0 });
    // The ledger still adds up: what was credited, less what was spent and taken back, is the balance.
    expect(cleared.ledger.reduce((sum, entry) => sum + entry.points, 0)).toBe(cleared.balance - cleared.owed);
  });
});
