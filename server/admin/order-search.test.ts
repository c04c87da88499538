import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { dashboardQuerySchema } from "./admin.schemas.ts";
import { adminOrders } from "./admin.service.ts";

const query = (values: Record<string, string>) => dashboardQuerySchema.parse({ tab: "orders", ...values });

describeEachDatabase("the admin's Orders tab: status tabs and a forgiving search", (database) => {
  it("finds an order by its number, name or e-mail, whatever the case and spaces, within a status", async () => {
    const { db } = database();
    const word = uniqueWord();
    const product = await makeProduct(db, { sizes: { M: 9 } });
    const placed = [];
    for (const name of [`Asha ${word}`, `Bela ${word}`]) {
      const buyer = makeVisitor();
      await addToCart(db, buyer, { productId: product, size: "M" });
      placed.push(
        await placeOrder(db, buyer, checkoutDetails({ name, email: `${name.replace(" ", ".")}@mail.in` }), atShop()),
      );
    }
    const [asha, bela] = placed;
    if (!asha || !bela) throw new Error("The orders were not placed.");
    await changeStatus(db, SYSTEM, { orderId: bela.id, from: "placed", to: "shipped" });
    const numbers = async (values: Record<string, string>) =>
      (await adminOrders(db, SYSTEM, query(values))).rows.map((row) => row.orderNumber);

    const digits = asha.orderNumber.slice(3);
    for (const q of [
      `ks ${digits}`,
      `KS${digits}`,
      ` ${asha.orderNumber.toLowerCase()} `,
      `  ASHA   ${word.toUpperCase()} `,
    ]) {
      expect(await numbers({ q }), q).toEqual([asha.orderNumber]);
    }
    expect(await numbers({ q: `BELA.${word}@MAIL.IN` })).toEqual([bela.orderNumber]);
    expect(await numbers({ q: word, status: "placed" })).toEqual([asha.orderNumber]);
    expect(await numbers({ q: word, status: "shipped" })).toEqual([bela.orderNumber]);
    expect(await numbers({ q: word, status: "cancelled" })).toEqual([]);
    expect(await numbers({ q: word, status: "bogus" })).toHaveLength(2);
  });
});
