import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { adminUsers } from "../admin/admin.service.ts";
import { addToCart, viewCart } from "../cart/cart.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";

describeEachDatabase("points said plainly on the cart and the admin's Users table", (database) => {
  it("tells the cart what is spendable, what is pending and what this order will earn", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const kurta = await makeProduct(db, { price: 249_900, sizes: { M: 5 } });
    await addToCart(db, actor, { productId: kurta, size: "M" });
    await placeOrder(db, actor, checkoutDetails(), atShop());
    await addToCart(db, actor, { productId: kurta, size: "M", quantity: 2 });

    expect(await viewCart(db, actor)).toMatchObject({ pointsBalance: 0, pointsPending: 24, pointsToEarn: 49 });
    expect(await viewCart(db, makeVisitor())).toMatchObject({
      pointsBalance: null,
      pointsPending: null,
      pointsToEarn: 0,
    });
  });

  it("shows the admin each customer's spendable and pending points", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    const orders = [];
    for (let count = 0; count < 2; count++) {
      await addToCart(db, actor, { productId: kurta, size: "M" });
      orders.push(await placeOrder(db, actor, checkoutDetails(), atShop()));
    }
    const [first] = orders;
    if (!first) throw new Error("No order was placed.");
    await changeStatus(db, SYSTEM, { orderId: first.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: first.id, from: "shipped", to: "delivered" });

    const { rows } = await adminUsers(db, SYSTEM, { tab: "users", q: customer.email, page: 1 });
    expect(rows.map((row) => [row.pointsBalance, row.pointsPending])).toEqual([[14, 14]]);
  });
});
