import { expect, it } from "vitest";
import { addToCart } from "../cart/cart.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";

describeEachDatabase("one form of an e-mail address", (database) => {
  it("keeps an address typed with capitals in lowercase, on the account and on a guest's order", async () => {
    const { db } = database();
    const word = uniqueWord();
    const customer = await makeCustomer(db, { email: `Kavya.${word}@Shop.test` });
    const stored = await db.selectFrom("users").select("email").where("id", "=", customer.id).executeTakeFirst();
    expect(stored?.email).toBe(`kavya.${word}@shop.test`);

    const guest = makeVisitor();
    await addToCart(db, guest, { productId: await makeProduct(db), size: "M" });
    const placed = await placeOrder(db, guest, checkoutDetails({ email: `Guest.${word}@Mail.IN` }), atShop());
    const order = await db.selectFrom("orders").select("email").where("id", "=", placed.id).executeTakeFirst();
    expect(order?.email).toBe(`guest.${word}@mail.in`);
  });
});
