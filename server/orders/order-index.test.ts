import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import type { OrderTab } from "#core/order-tabs.ts";
import { requestReturn } from "../returns/returns.service.ts";
import { checkInParcel } from "../shipping/check-in.service.ts";
import { failure } from "../testing/app-error.ts";
import { cashOrder, paidOnline, parcelOf, staffActor } from "../testing/back-office.ts";
import { takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { countTabs } from "./order-index.repository.ts";
import { orderIndexQuerySchema } from "./order-index.schemas.ts";
import { assertMayOpenOrder, orderIndex } from "./order-index.service.ts";
import { confirmCashOrder, markPacked } from "./order-marks.service.ts";
import { changeStatus, shipPackedOrder } from "./orders.service.ts";

const manager = staffActor("manager");
const packer = staffActor("packer");

const query = (fields: Record<string, string>) => orderIndexQuerySchema.parse(fields);

async function tabOf(db: Parameters<typeof orderIndex>[0], orderNumber: string): Promise<OrderTab[]> {
  const tabs: OrderTab[] = [];
  for (const tab of [
    "to-confirm",
    "to-pack",
    "to-ship",
    "in-transit",
    "delivery-failed",
    "delivered",
    "returns",
    "cancelled",
  ] as const) {
    const page = await orderIndex(db, manager, query({ tab, q: orderNumber }));
    if (page.rows.some((row) => row.orderNumber === orderNumber)) tabs.push(tab);
  }
  return tabs;
}

describeEachDatabase("the order index's tabs", (database) => {
  it("takes a cash order from To confirm through To pack, To ship and In transit to Delivered, never Delivered while new", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    expect(await tabOf(db, order.orderNumber)).toEqual(["to-confirm"]);
    await confirmCashOrder(db, manager, order.id);
    expect(await tabOf(db, order.orderNumber)).toEqual(["to-pack"]);
    await markPacked(db, packer, order.id);
    expect(await tabOf(db, order.orderNumber)).toEqual(["to-ship"]);
    await shipPackedOrder(db, packer, order.id);
    expect(await tabOf(db, order.orderNumber)).toEqual(["in-transit"]);
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "shipped", to: "delivered" });
    expect(await tabOf(db, order.orderNumber)).toEqual(["delivered"]);
  });

  it("puts a paid online order straight under To pack, and one awaiting its payment under All only", async () => {
    const { db } = database();
    const paid = await cashOrder(db);
    await paidOnline(db, paid.id);
    expect(await tabOf(db, paid.orderNumber)).toEqual(["to-pack"]);
    const waiting = await cashOrder(db);
    await db
      .updateTable("orders")
      .set({ paymentMethod: "online", paymentStatus: "awaiting" })
      .where("id", "=", waiting.id)
      .execute();
    expect(await tabOf(db, waiting.orderNumber)).toEqual([]);
    const all = await orderIndex(db, manager, query({ tab: "all", q: waiting.orderNumber }));
    expect(all.rows.map((row) => row.orderNumber)).toEqual([waiting.orderNumber]);
    expect(await failure(markPacked(db, packer, waiting.id))).toMatchObject({
      message: "This order is not paid yet: it is packed once its payment has arrived.",
    });
  });

  it("shows a failed attempt, a parcel coming back or lost and one back until it is checked in under Delivery failed, returns under Returns, cancellations under Cancelled", async () => {
    const { db } = database();
    const failed = await cashOrder(db);
    await changeStatus(db, SYSTEM, { orderId: failed.id, from: "placed", to: "shipped" });
    await parcelOf(db, failed, "AWB1000000001", "delivery-failed");
    expect(await tabOf(db, failed.orderNumber)).toEqual(["delivery-failed"]);
    const lost = await cashOrder(db);
    await changeStatus(db, SYSTEM, { orderId: lost.id, from: "placed", to: "shipped" });
    await parcelOf(db, lost, "AWB1000000002", "lost");
    expect(await tabOf(db, lost.orderNumber)).toEqual(["delivery-failed"]);
    const onItsWay = await cashOrder(db);
    await changeStatus(db, SYSTEM, { orderId: onItsWay.id, from: "placed", to: "shipped" });
    await parcelOf(db, onItsWay, "AWB1000000003", "out-for-delivery");
    expect(await tabOf(db, onItsWay.orderNumber)).toEqual(["in-transit"]);
    const refused = await cashOrder(db);
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "shipped", to: "returned-to-origin" });
    expect(await tabOf(db, refused.orderNumber)).toEqual(["delivery-failed"]);
    // Checked in at the warehouse, its pieces are on the shelf again: nothing is left to do.
    await checkInParcel(db, packer, refused.id);
    expect(await tabOf(db, refused.orderNumber)).toEqual([]);
    const cancelled = await cashOrder(db);
    await changeStatus(db, manager, { orderId: cancelled.id, from: "placed", to: "cancelled", reason: "out-of-stock" });
    expect(await tabOf(db, cancelled.orderNumber)).toEqual(["cancelled"]);
    const returned = await cashOrder(db);
    await changeStatus(db, SYSTEM, { orderId: returned.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: returned.id, from: "shipped", to: "delivered" });
    const request = await requestReturn(
      db,
      { returnDays: 14 },
      SYSTEM,
      { accessToken: returned.accessToken },
      {
        position: 0,
        quantity: 1,
        kind: "refund",
        reason: "too-small",
        refundMethod: "upi",
        upiId: "asha@okicici",
      },
    );
    expect(await tabOf(db, returned.orderNumber)).toEqual(["delivered", "returns"]);
    await takeThrough(db, request.id, "refunded");
    expect(await tabOf(db, returned.orderNumber)).toEqual(["delivered"]);
  });

  it("counts each tab up to the cap, and one more to say there are more", async () => {
    const { db } = database();
    for (let i = 0; i < 3; i++) await cashOrder(db);
    const counts = await countTabs(db, ["to-confirm", "all"], 2);
    expect(counts["to-confirm"]).toBe(3);
    expect(counts.all).toBe(3);
  });
});

describeEachDatabase("the order index's search and pages", (database) => {
  it("finds an order by its number, the buyer's name, e-mail, mobile number and AWB, within the tab", async () => {
    const { db } = database();
    const meera = await cashOrder(db, { name: "Meera Iyer", email: "meera.iyer@mail.in", phone: "+91 98450 11223" });
    await cashOrder(db, { name: "Kabir Rao", email: "kabir@mail.in", phone: "9845099887" });
    await parcelOf(db, meera, "59123456789012");
    const found = async (q: string, tab = "all") =>
      (await orderIndex(db, manager, query({ tab, q }))).rows.map((row) => row.orderNumber);
    expect(await found(meera.orderNumber.toLowerCase().replace("-", " "))).toEqual([meera.orderNumber]);
    expect(await found("meera iyer")).toEqual([meera.orderNumber]);
    expect(await found("MEERA.IYER@mail.in")).toEqual([meera.orderNumber]);
    expect(await found("+91 98450-11223")).toEqual([meera.orderNumber]);
    expect(await found("98450 11223")).toEqual([meera.orderNumber]);
    expect(await found("59123456789012")).toEqual([meera.orderNumber]);
    expect(await found("meera", "delivered")).toEqual([]);
    const page = await orderIndex(db, manager, query({ tab: "all", q: "59123456789012" }));
    expect(page.searchedBy).toBe("keys");
    expect(page.rows[0]).toMatchObject({ awb: "59123456789012", courier: "Delhivery", phone: "9845011223" });
  });

  it("filters by payment, date, state, pincode and courier", async () => {
    const { db } = database();
    const day = Date.UTC(2026, 2, 14, 6);
    const kolkata = await cashOrder(
      db,
      { city: "Kolkata", stateCode: "19", pincode: "700016", name: "Filter Bose" },
      day,
    );
    await cashOrder(db, { name: "Filter Shah" }, day + 86_400_000);
    await paidOnline(db, kolkata.id);
    const names = async (fields: Record<string, string>) =>
      (await orderIndex(db, manager, query({ tab: "all", q: "filter", ...fields }))).rows.map((row) => row.name).sort();
    expect(await names({})).toEqual(["Filter Bose", "Filter Shah"]);
    expect(await names({ payment: "prepaid" })).toEqual(["Filter Bose"]);
    expect(await names({ payment: "cash" })).toEqual(["Filter Shah"]);
    expect(await names({ from: "2026-03-15", to: "2026-03-15" })).toEqual(["Filter Shah"]);
    expect(await names({ state: "19" })).toEqual(["Filter Bose"]);
    expect(await names({ pincode: "700016" })).toEqual(["Filter Bose"]);
    await parcelOf(db, kolkata, "BD123456789IN");
    expect(await names({ courier: "delhi" })).toEqual(["Filter Bose"]);
  });

  it("pages by keyset, newest first, forwards and back, without gaps or repeats", async () => {
    const { db } = database();
    const placed: string[] = [];
    for (let i = 0; i < 7; i++)
      placed.push((await cashOrder(db, { name: "Keyset Buyer" }, Date.UTC(2026, 3, 1, 6, 0, i))).orderNumber);
    const newestFirst = [...placed].reverse();
    const read = (fields: Record<string, string>) =>
      orderIndex(db, manager, query({ tab: "all", q: "keyset", ...fields }), { pageSize: 3 });
    const first = await read({});
    expect(first.rows.map((row) => row.orderNumber)).toEqual(newestFirst.slice(0, 3));
    expect(first.previous).toBeNull();
    const second = await read({ after: first.next ?? "" });
    expect(second.rows.map((row) => row.orderNumber)).toEqual(newestFirst.slice(3, 6));
    const third = await read({ after: second.next ?? "" });
    expect(third.rows.map((row) => row.orderNumber)).toEqual(newestFirst.slice(6));
    expect(third.next).toBeNull();
    const back = await read({ before: third.previous ?? "" });
    expect(back.rows.map((row) => row.orderNumber)).toEqual(newestFirst.slice(3, 6));
    const front = await read({ before: back.previous ?? "" });
    expect(front.rows.map((row) => row.orderNumber)).toEqual(newestFirst.slice(0, 3));
    expect(front.previous).toBeNull();
  });
});

describeEachDatabase("the packing bench's view of the index", (database) => {
  it("has only To pack and To ship, with mobile numbers masked and no e-mail, and opens no other order", async () => {
    const { db } = database();
    const order = await cashOrder(db, { phone: "9820012345" });
    await confirmCashOrder(db, manager, order.id);
    const page = await orderIndex(db, packer, query({ tab: "all" }));
    expect(page.tab).toBe("to-pack");
    expect(page.tabs.map((entry) => entry.tab)).toEqual(["to-pack", "to-ship"]);
    const row = page.rows.find((entry) => entry.id === order.id);
    expect(row).toMatchObject({ phone: "+91 98•••••345", email: null });
    await assertMayOpenOrder(db, packer, order.id);
    await changeStatus(db, manager, { orderId: order.id, from: "placed", to: "cancelled", reason: "out-of-stock" });
    expect(await failure(assertMayOpenOrder(db, packer, order.id))).toMatchObject({ code: "forbidden" });
    expect(await failure(orderIndex(db, staffActor("catalogue"), query({})))).toMatchObject({ code: "forbidden" });
  });
});
