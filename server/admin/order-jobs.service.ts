import { z } from "zod";
import { type Actor, actorLabel } from "#core/actor.ts";
import { SHOP_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { BULK_ACTION_LABELS, BULK_ACTIONS, type BulkAction, isPaperAction } from "#core/order-tabs.ts";
import type { Permission } from "#core/permissions.ts";
import { assertCan, assertCanAny, can } from "../access.ts";
import { confirmWithBuyer } from "../cod-confirmation/cod-confirmation.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertMayOpenOrder } from "../orders/order-index.service.ts";
import { markPacked } from "../orders/order-marks.service.ts";
import { orderNumbersOf } from "../orders/order-rows.service.ts";
import { cancelOrderByShop, shipPackedOrder } from "../orders/orders.service.ts";
import { bookCouriers, carrierOf } from "../shipping/booking.service.ts";
import type { CarrierProvider } from "../shipping/carrier.ts";
import {
  assertPrintable,
  PAPER_BATCH_MAX,
  type PaperDeps,
  printLabels,
  printParcelPapers,
  printPickList,
} from "../shipping/parcel-paper.service.ts";
import { idField, parseInput } from "../validation/fields.ts";
import {
  findJob,
  findJobResults,
  findRecentJobs,
  finishJob,
  insertJob,
  insertJobResults,
  setJobResult,
} from "./order-jobs.repository.ts";

/*
 * Bulk actions over the orders ticked in the index (record 45), after Shopify's: each runs as one
 * job with a result per order. Every order moves in its own transaction, through the same service
 * (and so the order machine) as one order's button, so one order that cannot move fails alone, with
 * its reason, and the others go through. The job and every result are written down first ("not run
 * yet"), then each result as its order is done: an interrupted batch shows which orders it did not
 * reach, and a retry runs the failed and unreached ones again as a new job. Booking calls the
 * shipping room's booking, an order at a time; a print job finds which orders' paper can be
 * printed (and why not the others), and its PDF is made from those by the shipping room's paper
 * (record 43) when it is downloaded.
 */

/** At most this many orders a job: a page of the index is fifty. */
export const MAX_JOB_ORDERS = 500;

const PERMISSION_OF: Record<BulkAction, Permission> = {
  confirm: "orders.manage",
  pack: "orders.pack",
  book: "orders.pack",
  ship: "orders.pack",
  cancel: "orders.manage",
  labels: "orders.pack",
  "parcel-papers": "orders.pack",
  "pick-list": "orders.pack",
};

/** What a job may need of the shop beyond its database: the courier it books with. */
export type JobOptions = { retryOf?: number; now?: () => number; carrier?: CarrierProvider | null };

const REASONS = Object.keys(SHOP_CANCEL_REASONS) as [string, ...string[]];

export const bulkActionSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: "Please choose what to do with the orders ticked." }),
    order: z
      .array(idField("Which orders? An order id is not valid."))
      .min(1, "Please tick the orders first.")
      .max(MAX_JOB_ORDERS, `At most ${MAX_JOB_ORDERS} orders at a time.`),
    reason: z.union([z.literal(""), z.enum(REASONS, { error: "Please choose a reason for cancelling." })]).default(""),
  })
  .superRefine((input, context) => {
    if (input.action === "cancel" && !input.reason)
      context.addIssue({ code: "custom", path: ["reason"], message: "Please choose a reason for cancelling." });
  });
export type BulkActionInput = z.input<typeof bulkActionSchema>;

type JobParams = { reason?: string };

type Run = { db: Db; actor: Actor; orderId: number; params: JobParams; now: number; carrier: CarrierProvider | null };

/** One order's part of the job; what it says of an order that went through (a booking's AWB), if anything. */
async function runOne(action: BulkAction, { db, actor, orderId, params, now, carrier }: Run): Promise<string | null> {
  switch (action) {
    case "confirm":
      await confirmWithBuyer(db, actor, orderId, now);
      return null;
    case "pack":
      await markPacked(db, actor, orderId, now);
      return null;
    case "book":
      return bookOne(db, carrier, actor, orderId);
    case "ship":
      await shipPackedOrder(db, actor, orderId, now);
      return null;
    case "cancel":
      await cancelOrderByShop(db, actor, orderId, params.reason ?? "", now);
      return null;
    case "labels":
    case "parcel-papers":
    case "pick-list":
      await assertPrintable(db, actor, orderId);
      return null;
  }
}

/** The shipping room's booking of one order, its failure a refusal in the courier's words. */
async function bookOne(db: Db, carrier: CarrierProvider | null, actor: Actor, orderId: number): Promise<string> {
  const [result] = await bookCouriers({ db, carrier }, actor, [orderId]);
  if (!result || result.outcome === "failed") {
    throw new AppError("courier-refused", result?.error?.message ?? "The booking failed.");
  }
  if (result.outcome === "in-progress") {
    throw new AppError("stale-update", "Another booking of this order is under way: try again in a moment.");
  }
  const booked = result.outcome === "already-booked" ? "Booked already" : "Booked";
  return `${booked}: ${result.courierName ?? "courier"} ${result.awb ?? ""}`.trim();
}

/** Runs a bulk action as a job; answers the job's id, whose page shows each order's result. */
export async function runBulkAction(
  db: Db,
  actor: Actor,
  input: BulkActionInput,
  options: JobOptions = {},
): Promise<number> {
  const { action, order, reason } = parseInput(bulkActionSchema, input);
  assertCan(actor, PERMISSION_OF[action]);
  // A shop without a courier refuses a booking job whole, before any order is written down.
  if (action === "book") carrierOf({ db, carrier: options.carrier ?? null });
  const clock = options.now ?? Date.now;
  const ids = [...new Set(order)];
  if (isPaperAction(action) && ids.length > PAPER_BATCH_MAX) {
    throw new AppError("validation-failed", `Print at most ${PAPER_BATCH_MAX} orders at a time.`);
  }
  const params: JobParams = action === "cancel" ? { reason } : {};
  const numbers = await orderNumbersOf(db, ids);
  if (numbers.size !== ids.length) throw new AppError("not-found", "Some of the orders ticked could not be found.");
  const jobId = await db.transaction().execute(async (trx) => {
    const id = await insertJob(trx, {
      kind: action,
      params: JSON.stringify(params),
      actorId: actor.kind === "user" ? actor.userId : null,
      actor: actorLabel(actor),
      retryOf: options.retryOf ?? null,
      createdAt: clock(),
    });
    await insertJobResults(
      trx,
      ids.map((orderId, position) => ({ jobId: id, position, orderId, orderNumber: numbers.get(orderId) ?? "" })),
    );
    return id;
  });
  for (const [position, orderId] of ids.entries()) {
    let outcome: "done" | "failed" = "done";
    let message: string | null = null;
    try {
      // The packing bench works on the orders of its tabs only, whatever ids a form sends.
      await assertMayOpenOrder(db, actor, orderId);
      message = await runOne(action, { db, actor, orderId, params, now: clock(), carrier: options.carrier ?? null });
    } catch (error) {
      outcome = "failed";
      // A refusal says why in the shop's words; anything else (the database away a moment) is not
      // the order's fault: its transaction was undone, and a retry may pass.
      message =
        error instanceof AppError
          ? error.userMessage
          : "Something went wrong with this order; it was not changed. Please try again.";
    }
    await setJobResult(db, { jobId, position, outcome, message, at: clock() });
  }
  await finishJob(db, jobId, clock());
  return jobId;
}

/** Runs the orders of a job that failed (or were not reached) again, as a new job. */
export async function retryJob(
  db: Db,
  actor: Actor,
  input: { jobId: string },
  options: Omit<JobOptions, "retryOf"> = {},
): Promise<number> {
  const { jobId } = parseInput(z.object({ jobId: idField("Which job?") }), input);
  const { job, results } = await jobWithResults(db, actor, jobId);
  const again = results.filter((result) => result.outcome !== "done").map((result) => result.orderId);
  if (again.length === 0)
    throw new AppError("validation-failed", "Every order of this job went through: there is nothing to try again.");
  const params = JSON.parse(job.params) as JobParams;
  return runBulkAction(
    db,
    actor,
    { action: job.kind as BulkAction, order: again.map(String), reason: params.reason ?? "" },
    { ...options, retryOf: job.id },
  );
}

async function jobWithResults(db: Db, actor: Actor, jobId: number) {
  assertCanAny(actor, ["orders.view", "orders.pack"]);
  const job = await findJob(db, jobId);
  // A member sees their own jobs; whoever sees every order sees every job.
  const mine = actor.kind === "user" && job?.actorId === actor.userId;
  if (!job || !(mine || can(actor, "orders.view"))) throw new AppError("not-found", "This job could not be found.");
  return { job, results: await findJobResults(db, jobId) };
}

export type JobView = {
  id: number;
  action: BulkAction;
  /** A print job with orders printed: its PDF is at /admin/jobs/<id>/paper.pdf. */
  paper: boolean;
  label: string;
  actor: string;
  reason: string | null;
  createdAt: number;
  finishedAt: number | null;
  retryOf: number | null;
  results: { orderId: number; orderNumber: string; outcome: "pending" | "done" | "failed"; message: string | null }[];
};

/** A job with each order's result. */
export async function orderJob(db: Db, actor: Actor, jobId: number): Promise<JobView> {
  const { job, results } = await jobWithResults(db, actor, jobId);
  const action = job.kind as BulkAction;
  const params = JSON.parse(job.params) as JobParams;
  return {
    id: job.id,
    action,
    paper: isPaperAction(action) && results.some((row) => row.outcome === "done"),
    label: BULK_ACTION_LABELS[action] ?? job.kind,
    actor: job.actor,
    reason: params.reason
      ? (SHOP_CANCEL_REASONS[params.reason as keyof typeof SHOP_CANCEL_REASONS] ?? params.reason)
      : null,
    createdAt: Number(job.createdAt),
    finishedAt: job.finishedAt === null ? null : Number(job.finishedAt),
    retryOf: job.retryOf,
    results: results.map((row) => ({
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      outcome: row.outcome,
      message: row.message,
    })),
  };
}

/** The latest jobs: one's own, or everyone's for whoever sees every order. */
export async function recentJobs(db: Db, actor: Actor, limit = 5) {
  assertCanAny(actor, ["orders.view", "orders.pack"]);
  const rows = await findRecentJobs(
    db,
    can(actor, "orders.view") || actor.kind !== "user" ? null : actor.userId,
    limit,
  );
  return rows.map((row) => ({
    id: row.id,
    label: BULK_ACTION_LABELS[row.kind as BulkAction] ?? row.kind,
    actor: row.actor,
    createdAt: Number(row.createdAt),
    finished: row.finishedAt !== null,
    total: Number(row.total),
    done: Number(row.done ?? 0),
    failed: Number(row.failed ?? 0),
  }));
}

const PRINT = { labels: printLabels, "parcel-papers": printParcelPapers, "pick-list": printPickList } as const;

/** A print job's PDF: the paper of the orders it found printable, made now by the shipping room. */
export async function jobPaper(
  deps: PaperDeps,
  actor: Actor,
  jobId: number,
): Promise<{ pdf: Buffer; filename: string }> {
  const { job, results } = await jobWithResults(deps.db, actor, jobId);
  if (!isPaperAction(job.kind)) throw new AppError("not-found", "This job prints nothing.");
  const printed = results.filter((row) => row.outcome === "done").map((row) => row.orderId);
  const batch = printed.length > 0 ? await PRINT[job.kind](deps, actor, printed) : null;
  if (!batch?.pdf) throw new AppError("not-found", "None of this job's orders has paper to print now.");
  return { pdf: batch.pdf, filename: `${job.kind}-${job.id}.pdf` };
}
