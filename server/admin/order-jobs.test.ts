import { afterAll, beforeAll, expect, it } from "vitest";
import { confirmCashOrder, markPacked } from "../orders/order-marks.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { ShiprocketCarrier } from "../shipping/shiprocket.ts";
import { DEMO_SELLER } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { auditEntriesOf, cashOrder, staffActor } from "../testing/back-office.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { jobPaper, orderJob, recentJobs, retryJob, runBulkAction } from "./order-jobs.service.ts";

const manager = staffActor("manager");
const packer = staffActor("packer");

/** Ten cash orders confirmed with their buyers: ten in To pack. */
async function tenToPack(db: Parameters<typeof runBulkAction>[0]) {
  const orders = [];
  for (let i = 0; i < 10; i++) {
    const order = await cashOrder(db);
    await confirmCashOrder(db, manager, order.id);
    orders.push(order);
  }
  return orders;
}

describeEachDatabase("bulk actions on the orders ticked", (database) => {
  it("packs nine of ten when one was cancelled meanwhile, and keeps each order's result with the reason", async () => {
    const { db } = database();
    const orders = await tenToPack(db);
    const gone = orders[3];
    if (!gone) throw new Error("no fourth order");
    await changeStatus(db, manager, { orderId: gone.id, from: "placed", to: "cancelled", reason: "customer-asked" });

    const jobId = await runBulkAction(db, packer, { action: "pack", order: orders.map((order) => String(order.id)) });
    const job = await orderJob(db, packer, jobId);
    expect(job.finishedAt).not.toBeNull();
    expect(job.results.map((row) => row.outcome)).toEqual([
      "done",
      "done",
      "done",
      "failed",
      "done",
      "done",
      "done",
      "done",
      "done",
      "done",
    ]);
    expect(job.results[3]).toMatchObject({
      orderNumber: gone.orderNumber,
      message: "This order is cancelled: the packing bench opens only orders waiting to be packed or shipped.",
    });
    for (const order of orders) {
      const row = await orderRow(db, { id: order.id });
      expect(row?.packedAt === null, order.orderNumber).toBe(order.id === gone.id);
    }
    expect((await recentJobs(db, packer))[0]).toMatchObject({ id: jobId, total: 10, done: 9, failed: 1 });
  });

  it("ships the packed ones, says which was not packed, and a retry after packing it finishes the batch", async () => {
    const { db } = database();
    const orders = await tenToPack(db);
    const late = orders[9];
    if (!late) throw new Error("no tenth order");
    for (const order of orders.slice(0, 9)) await markPacked(db, packer, order.id);

    const jobId = await runBulkAction(db, packer, { action: "ship", order: orders.map((order) => String(order.id)) });
    const first = await orderJob(db, packer, jobId);
    expect(first.results.filter((row) => row.outcome === "done")).toHaveLength(9);
    expect(first.results[9]).toMatchObject({
      outcome: "failed",
      message: "This order is not packed yet: mark it packed first.",
    });
    expect((await orderRow(db, { id: late.id }))?.status).toBe("placed");

    await markPacked(db, packer, late.id);
    const retryId = await retryJob(db, packer, { jobId: String(jobId) });
    const retry = await orderJob(db, packer, retryId);
    expect(retry).toMatchObject({ retryOf: jobId, results: [{ orderId: late.id, outcome: "done" }] });
    expect((await orderRow(db, { id: late.id }))?.status).toBe("shipped");
    expect(await failure(retryJob(db, packer, { jobId: String(retryId) }))).toMatchObject({
      message: "Every order of this job went through: there is nothing to try again.",
    });
  });

  it("cancels with the reason asked, and refuses a role the action is not for before making a job", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    expect(
      await failure(
        runBulkAction(db, packer, { action: "cancel", order: [String(order.id)], reason: "customer-asked" }),
      ),
    ).toMatchObject({
      code: "forbidden",
    });
    expect(await failure(runBulkAction(db, manager, { action: "cancel", order: [String(order.id)] }))).toMatchObject({
      code: "validation-failed",
    });
    expect(await failure(runBulkAction(db, manager, { action: "pack", order: ["999999"] }))).toMatchObject({
      code: "not-found",
    });
    expect(
      await db
        .selectFrom("orderJobs")
        .select("id")
        .where("actorId", "=", packer.userId)
        .where("kind", "=", "cancel")
        .execute(),
    ).toEqual([]);
    const jobId = await runBulkAction(db, manager, {
      action: "cancel",
      order: [String(order.id)],
      reason: "address-unreachable",
    });
    expect(await orderJob(db, manager, jobId)).toMatchObject({ reason: "Our courier cannot deliver to this address" });
    expect((await orderRow(db, { id: order.id }))?.cancelReason).toBe("address-unreachable");
    // Another packer's job is not this packer's to see.
    expect(await failure(orderJob(db, staffActor("packer"), jobId))).toMatchObject({ code: "not-found" });
  });
});

describeEachDatabase("bulk booking and printing through the shipping room", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;
  beforeAll(async () => {
    courier = await startLocalCourier({ unserviceablePincodes: ["682001"] });
    carrier = new ShiprocketCarrier(courier.settings(), { attempts: 1, maxWaitMs: 0, baseDelayMs: 0 });
  });
  afterAll(async () => courier.close());

  const paperDeps = (db: Parameters<typeof runBulkAction>[0]) => ({
    db,
    carrier: null,
    shop: { seller: DEMO_SELLER, publicUrl: "https://kesar.test", returnDays: 14 },
  });

  it("books the ticked orders with the courier, one refused pincode failing alone with the courier's words", async () => {
    const { db } = database();
    const orders = await tenToPack(db);
    const kochi = await cashOrder(db, { city: "Kochi", stateCode: "32", pincode: "682001" });
    await confirmCashOrder(db, manager, kochi.id);
    const ticked = [...orders.slice(0, 2), kochi].map((order) => String(order.id));
    const jobId = await runBulkAction(db, packer, { action: "book", order: ticked }, { carrier });
    const job = await orderJob(db, packer, jobId);
    expect(job.results.map((row) => [row.outcome, row.message])).toEqual([
      ["done", expect.stringMatching(/^Booked: Delhivery Surface \d+$/)],
      ["done", expect.stringMatching(/^Booked: Delhivery Surface \d+$/)],
      ["failed", "Assigning the AWB was refused: No courier serves pincode 682001."],
    ]);
    expect(courier.parcels.filter((parcel) => parcel.reference === orders[0]?.orderNumber)).toHaveLength(1);
    expect((await auditEntriesOf(db, orders[0]?.id ?? 0)).map((entry) => entry.kind)).toContain("order.courier-booked");
    // A retry books nothing twice: the booked ones are not in it, and the refused one is refused again.
    const retried = await orderJob(db, packer, await retryJob(db, packer, { jobId: String(jobId) }, { carrier }));
    expect(retried.results.map((row) => [row.orderNumber, row.outcome])).toEqual([[kochi.orderNumber, "failed"]]);
    expect(
      await failure(runBulkAction(db, packer, { action: "book", order: ticked }, { carrier: null })),
    ).toMatchObject({ code: "courier-booking-off" });
  });

  it("prints the ticked orders' labels as one PDF, says why the others are not printed, and keeps the packing bench to its tabs", async () => {
    const { db } = database();
    const [first, second, third] = await tenToPack(db);
    if (!first || !second || !third) throw new Error("three orders");
    await changeStatus(db, manager, { orderId: third.id, from: "placed", to: "cancelled", reason: "customer-asked" });
    const ticked = [first, second, third].map((order) => String(order.id));
    const jobId = await runBulkAction(db, packer, { action: "labels", order: ticked });
    const job = await orderJob(db, packer, jobId);
    expect(job.paper).toBe(true);
    expect(job.results.map((row) => [row.outcome, row.message])).toEqual([
      ["done", null],
      ["done", null],
      ["failed", "This order is cancelled: the packing bench opens only orders waiting to be packed or shipped."],
    ]);
    const file = await jobPaper(paperDeps(db), packer, jobId);
    expect(file.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Two labels, a page each.
    expect(file.pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);

    // Whoever sees every order is told why a cancelled order has no paper.
    const slips = await orderJob(
      db,
      manager,
      await runBulkAction(db, manager, { action: "parcel-papers", order: [String(third.id)] }),
    );
    expect(slips.results).toMatchObject([
      { outcome: "failed", message: "This order is cancelled: its parcel's paper is not printed." },
    ]);
    expect(slips.paper).toBe(false);
    expect(await failure(jobPaper(paperDeps(db), manager, slips.id))).toMatchObject({ code: "not-found" });
    expect(
      await failure(runBulkAction(db, staffActor("catalogue"), { action: "pick-list", order: [String(first.id)] })),
    ).toMatchObject({ code: "forbidden" });
  });
});
