import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { csvText } from "../csv/csv-writer.ts";
import { ordersCsvRows } from "../orders/order-export.ts";
import { orderIndexQuerySchema } from "../orders/order-index.schemas.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { requestReturn } from "../returns/returns.service.ts";
import { failure } from "../testing/app-error.ts";
import { cashOrder, staffActor } from "../testing/back-office.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "../testing/factories.ts";
import { takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { addCustomerNote, customerList, customerProfile } from "./customers.service.ts";
import { customersCsvRows } from "./customers-export.ts";

const support = staffActor("support");

async function rows(generator: AsyncGenerator<readonly (string | number | null | undefined)[]>) {
  const all = [];
  for await (const row of generator) all.push(row);
  return all;
}

describeEachDatabase("the customers", (database) => {
  it("gathers an account's orders with the guest orders of its e-mail and number: value net of refunds, returns, refusals, notes", async () => {
    const { db } = database();
    const customer = await makeCustomer(db, { name: "Nisha Kapoor" });
    const actor = actorFor(customer);
    const saree = await makeProduct(db, { price: 200_000, sizes: { M: 9 } });
    const buy = async (who: typeof actor | typeof SYSTEM, details: Record<string, unknown>) => {
      await addToCart(db, who === SYSTEM ? actor : who, { productId: saree, size: "M" });
      return placeOrder(db, actor, checkoutDetails({ phone: "9811122334", ...details }), atShop());
    };
    const kept = await buy(actor, { email: customer.email });
    await changeStatus(db, SYSTEM, { orderId: kept.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: kept.id, from: "shipped", to: "delivered" });
    const ret = await requestReturn(
      db,
      { returnDays: 14 },
      actor,
      { orderNumber: kept.orderNumber },
      {
        position: 0,
        quantity: 1,
        kind: "refund",
        reason: "too-small",
        refundMethod: "store-credit",
      },
    );
    await takeThrough(db, ret.id, "refunded");
    // A guest order of the same number, refused at the door.
    const refused = await cashOrder(db, { phone: "+91 98111 22334", name: "Nisha K" });
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "shipped", to: "returned-to-origin" });
    const sold = await cashOrder(db, { email: customer.email.toUpperCase(), name: "Nisha" });

    const profile = await customerProfile(db, support, `a-${customer.id}`);
    expect(profile.orders).toBe(3);
    expect(profile.ordersSold).toBe(2);
    expect(profile.refusedCashParcels).toBe(1);
    expect(profile.piecesReturned).toBe(1);
    expect(profile.returnRate).toBe(100);
    // What sold (the delivered order and the one placed since), less the refund credited on the return.
    const keptTotal = (
      await db.selectFrom("orders").select("total").where("id", "=", kept.id).executeTakeFirstOrThrow()
    ).total;
    const soldTotal = (
      await db.selectFrom("orders").select("total").where("id", "=", sold.id).executeTakeFirstOrThrow()
    ).total;
    const refund = (await db.selectFrom("returns").select("amount").where("id", "=", ret.id).executeTakeFirstOrThrow())
      .amount;
    expect(profile.lifetimeValue).toBe(Number(keptTotal) + Number(soldTotal) - refund);
    expect(profile.account?.storeCredit).toBe(refund);

    // The guest's own page (by their refused order) gathers the orders of its number: the account's too.
    expect(
      (await customerProfile(db, support, `g-${refused.id}`)).recentOrders.map((order) => order.id).sort(),
    ).toEqual([kept.id, refused.id].sort());
    await addCustomerNote(db, support, `g-${sold.id}`, { body: "Prefers a call before delivery." });
    expect((await customerProfile(db, support, `a-${customer.id}`)).notes).toMatchObject([
      { body: "Prefers a call before delivery.", author: support.email },
    ]);
    const found = await customerList(db, support, { q: "9811122334", page: 1 });
    expect(found.rows.length).toBeGreaterThanOrEqual(1);
    expect(found.mayExport).toBe(false);
  });

  it("refuses the packing bench and the catalogue, and the files to Support", async () => {
    const { db } = database();
    for (const role of ["packer", "catalogue"] as const) {
      expect(await failure(customerList(db, staffActor(role), { q: undefined, page: 1 }))).toMatchObject({
        code: "forbidden",
      });
    }
    expect(() => customersCsvRows(db, support, undefined)).toThrow("does not allow this");
    expect(() => ordersCsvRows(db, support, orderIndexQuerySchema.parse({}))).toThrow("does not allow this");
    expect(await failure(customerProfile(db, support, "a-nobody123"))).toMatchObject({ code: "not-found" });
  });

  it("writes the orders file a row per line, with the tax columns, the search applied and formulas made harmless", async () => {
    const { db } = database();
    const order = await cashOrder(db, {
      name: '=HYPERLINK("http://evil")',
      stateCode: "29",
      city: "Bengaluru",
      pincode: "560001",
    });
    const manager = staffActor("manager");
    const file = await rows(
      ordersCsvRows(db, manager, orderIndexQuerySchema.parse({ tab: "all", q: order.orderNumber })),
    );
    expect(file[0]).toEqual(
      expect.arrayContaining(["Order number", "HSN", "Taxable value", "CGST", "SGST", "IGST", "AWB"]),
    );
    expect(file).toHaveLength(2);
    const line = file[1] ?? [];
    expect(line[0]).toBe(order.orderNumber);
    expect(line[3]).toBe("Karnataka");
    expect(Number(line[12])).toBeGreaterThan(0);
    const text = csvText(file);
    expect(text).toContain(`'=HYPERLINK(""http://evil"")`);
    const ticked = await rows(ordersCsvRows(db, manager, orderIndexQuerySchema.parse({}), [order.id]));
    expect(ticked.map((row) => row[0])).toEqual(["Order number", order.orderNumber]);
    const customers = await rows(customersCsvRows(db, manager, "hyperlink"));
    expect(customers[1]?.[0]).toBe('=HYPERLINK("http://evil")');
  });
});
