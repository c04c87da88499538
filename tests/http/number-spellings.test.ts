import { afterAll, beforeAll, expect, it } from "vitest";
import { actorFor, makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { deliveredOrder } from "#server/testing/return-fixtures.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/**
 * What JavaScript's Number() reads as a number where a form expects plain digits: each of these
 * would be a valid piece (0) or quantity (1) if read that way.
 */
const AS_ZERO = ["0x0", "0e0", " 0", "0 ", "+0", "0.0", "0b0", "0o0"];
const AS_ONE = ["0x1", "1e0", " 1", "1 ", "+1", "1.0", "0b1", "0o1", "1e2"];

describeEachDatabase("numbers in forms, spelled every way JavaScript would read them", (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(database());
  });
  afterAll(() => shop?.dispose());

  it("refuses each spelling of the return form's piece and quantity, and takes plain digits", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    const kurta = await makeProduct(db, { title: "Spelled Kurta", sizes: { M: 3, L: 2 } });
    const order = await deliveredOrder(db, actorFor(owner), [{ productId: kurta, size: "M", quantity: 1 }]);
    const browser = shopBrowser(shop);
    expect((await browser.post("/login", { email: owner.email, password: owner.password })).statusCode).toBe(302);
    const ask = (fields: { position: string; quantity: string }) =>
      browser.post(`/order/${order.orderNumber}/return`, {
        ...fields,
        kind: "exchange",
        reason: "too-small",
        exchangeSize: "L",
      });
    for (const spelling of AS_ZERO) {
      const position = await ask({ position: spelling, quantity: "1" });
      expect(position.statusCode, `position=${JSON.stringify(spelling)}`).toBe(400);
      expect(position.body).toContain("Which piece of the order? Please choose it again.");
    }
    for (const spelling of AS_ONE) {
      const quantity = await ask({ position: "0", quantity: spelling });
      expect(quantity.statusCode, `quantity=${JSON.stringify(spelling)}`).toBe(400);
      expect(quantity.body).toContain("Choose how many pieces.");
    }
    expect(await db.selectFrom("returns").select("id").where("orderId", "=", order.id).execute()).toEqual([]);
    expect((await ask({ position: "0", quantity: "1" })).statusCode).toBeLessThan(400);
    expect(await db.selectFrom("returns").select("id").where("orderId", "=", order.id).execute()).toHaveLength(1);
  });

  it("refuses each spelling of a cart quantity", async () => {
    const kurta = await makeProduct(shop.services.db, { sizes: { M: 5 } });
    const browser = shopBrowser(shop);
    for (const spelling of AS_ONE) {
      const added = await browser.post("/cart", {
        intent: "add",
        productId: String(kurta),
        size: "M",
        quantity: spelling,
      });
      expect(added.statusCode, `quantity=${JSON.stringify(spelling)}`).toBe(400);
    }
    const plain = await browser.post("/cart", { intent: "add", productId: String(kurta), size: "M", quantity: "2" });
    expect(plain.statusCode).toBeLessThan(400);
  });
});
