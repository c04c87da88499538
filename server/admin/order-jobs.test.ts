import { expect, it } from "vitest";
import { confirmCashOrder, markPacked } from "../orders/order-marks.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { failure } from "../testing/app-error.ts";
import { cashOrder, staffActor } from "../testing/back-office.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { orderJob, recentJobs, retryJob, runBulkAction } from "./order-jobs.service.ts";

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
      message: "This order is cancelled already.",
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
