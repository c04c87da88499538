import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import { updateProduct } from "../catalog/catalog-admin.service.ts";
import { adjustSizeStock, productStock, saveSizeCodes } from "../catalog/variants.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { checkInParcel } from "../shipping/check-in.service.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { movementTotals } from "./stock-admin.service.ts";

async function stockOf(db: Db, productId: number, size: string) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

/** Every size's stock is the sum of its movements. */
async function expectStockIsItsMovements(db: Db, productId: number) {
  const totals = await movementTotals(db, productId);
  const product = await findProduct(db, productId);
  for (const size of product?.sizes ?? []) expect(totals.get(size.size) ?? 0, size.size).toBe(size.stock);
}

describeEachDatabase("stock counted by movements", (database) => {
  it("sums to the stock under 50 orders and a correction at once, each sale a movement of its order", async () => {
    const { db } = database();
    const admin = actorFor(await makeCustomer(db), "admin");
    const id = await makeProduct(db, { title: "Counted Kurta", sizes: { M: 60 } });
    const buyers = Array.from({ length: 50 }, () => makeVisitor());
    for (const buyer of buyers) await addToCart(db, buyer, { productId: id, size: "M" });
    const [correction, ...orders] = await Promise.allSettled([
      adjustSizeStock(db, admin, id, { kind: "correction", size: "M", quantity: -3, note: "Three found torn" }),
      ...buyers.map((buyer) => placeOrder(db, buyer, checkoutDetails(), atShop())),
    ]);
    expect(correction?.status).toBe("fulfilled");
    const placed = orders.filter((result) => result.status === "fulfilled");
    expect(placed).toHaveLength(50);
    expect(await stockOf(db, id, "M")).toBe(7);
    await expectStockIsItsMovements(db, id);

    const movements = await db.selectFrom("stockMovements").selectAll().where("productId", "=", id).execute();
    const sold = movements.filter((movement) => movement.reason === "sold");
    expect(sold).toHaveLength(50);
    expect(
      sold.every((movement) => movement.quantity === -1 && movement.orderId !== null && movement.byName === "Guest"),
    ).toBe(true);
    expect(movements.find((movement) => movement.reason === "correction")).toMatchObject({
      quantity: -3,
      note: "Three found torn",
      byName: admin.email,
    });
  });

  it("writes a cancelled order's pieces, and a returned parcel's when it is checked in, as movements of their order", async () => {
    const { db } = database();
    const id = await makeProduct(db, { sizes: { S: 4 } });
    const buyer = actorFor(await makeCustomer(db));
    const checker = actorFor(await makeCustomer(db), "admin");
    const order = async () => {
      await addToCart(db, buyer, { productId: id, size: "S", quantity: 2 });
      return placeOrder(db, buyer, checkoutDetails(), atShop());
    };
    const cancelled = await order();
    await changeStatus(db, SYSTEM, { orderId: cancelled.id, from: "placed", to: "cancelled" });
    const returned = await order();
    await changeStatus(db, SYSTEM, { orderId: returned.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: returned.id, from: "shipped", to: "returned-to-origin" });
    // A parcel back at the warehouse is on the shelf once it is checked in (record 43).
    expect(await stockOf(db, id, "S")).toBe(2);
    await checkInParcel(db, checker, returned.id);

    const { movements } = await productStock(db, SYSTEM, id);
    expect(
      movements.map((movement) => [movement.reason, movement.quantity, movement.stockAfter, movement.orderId]),
    ).toEqual([
      ["rto", 2, 4, returned.id],
      ["sold", -2, 2, returned.id],
      ["cancelled", 2, 4, cancelled.id],
      ["sold", -2, 2, cancelled.id],
      ["count", 4, 4, null],
    ]);
    expect(movements[1]?.byName).toBe(buyer.email);
    expect(movements[0]).toMatchObject({ byName: checker.email, note: "Parcel checked in" });
    await expectStockIsItsMovements(db, id);
  });

  it("asks a correction for its reason, keeps stock at zero or above, and writes a form's new stock as a count", async () => {
    const { db } = database();
    const id = await makeProduct(db, { sizes: { L: 2 } });
    const noReason = await failure(
      adjustSizeStock(db, SYSTEM, id, { kind: "correction", size: "L", quantity: -1, note: "" }),
    );
    expect(noReason.message).toBe("Say why the stock is corrected (damaged, lost, found…).");
    const tooMany = await failure(
      adjustSizeStock(db, SYSTEM, id, { kind: "correction", size: "L", quantity: -3, note: "Lost" }),
    );
    expect(tooMany.message).toBe("Size L has 2 pieces: a correction cannot take it below zero.");
    expect(await adjustSizeStock(db, SYSTEM, id, { kind: "received", size: "L", quantity: 10 })).toBe(12);
    expect(await adjustSizeStock(db, SYSTEM, id, { kind: "count", size: "L", quantity: 9 })).toBe(9);

    const product = await findProduct(db, id);
    if (!product) throw new Error("no product");
    await updateProduct(db, SYSTEM, id, {
      ...product,
      sizes: [
        { size: "L", stock: 7 },
        { size: "XL", stock: 1 },
      ],
    });
    const { movements, sizes } = await productStock(db, SYSTEM, id);
    expect(movements.slice(0, 2).map((movement) => [movement.size, movement.reason, movement.quantity])).toEqual([
      ["XL", "count", 1],
      ["L", "count", -2],
    ]);
    expect(sizes.map((size) => [size.size, size.sku, size.stock])).toEqual([
      ["L", `KSR-${id}-L`, 7],
      ["XL", `KSR-${id}-XL`, 1],
    ]);
    await expectStockIsItsMovements(db, id);
  });

  it("keeps SKUs and barcodes unique across the shop, naming the size that has one", async () => {
    const { db } = database();
    const first = await makeProduct(db, { title: "Rani Saree", sizes: { M: 1 } });
    const second = await makeProduct(db, { sizes: { M: 1 } });
    await saveSizeCodes(db, SYSTEM, first, { size: "M", sku: " rani-m ", barcode: "8901234567890", reorderPoint: 2 });
    const taken = await failure(
      saveSizeCodes(db, SYSTEM, second, { size: "M", sku: "RANI-M", barcode: "", reorderPoint: null }),
    );
    expect(taken.message).toMatch(/^SKU RANI-M is already used by 'Rani Saree' \(rani-saree-\d+\), size M\.$/);
    const badEan = await failure(
      saveSizeCodes(db, SYSTEM, second, { size: "M", sku: "X1", barcode: "8901234567892", reorderPoint: null }),
    );
    expect(badEan.message).toBe("Barcode: '8901234567892' is not a valid EAN-13: its check digit would be 0, not 2.");
    const { sizes } = await productStock(db, SYSTEM, first);
    expect(sizes[0]).toMatchObject({ sku: "RANI-M", barcode: "8901234567890", reorderPoint: 2, level: "low" });
  });
});
