import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import {
  isValidUpiId,
  RETURN_REASON_KEYS,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  type RefundMethod,
  type ReturnStatus,
} from "#core/returns.ts";
import { assertAdmin } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { findServiceablePincode } from "../delivery/delivery.repository.ts";
import { AppError } from "../errors.ts";
import { findTaxLines } from "../invoices/invoices.repository.ts";
import { queueMail } from "../mail/mail.service.ts";
import { orderPathFor } from "../orders/order-machine.ts";
import { decrementStock, findOrder, findOrderLines, incrementStock } from "../orders/orders.repository.ts";
import { lockOrder } from "../payments/payments.repository.ts";
import { checkUploadedImage, deleteShapedImage, storeShapedImage } from "../storage/images.ts";
import type { Storage } from "../storage/storage.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import { issueExchangeInvoice, issueReturnCreditNote } from "./return-documents.ts";
import { sendMoneyBack, takeBackPoints } from "./return-refunds.ts";
import { amountOf, pieceShare } from "./return-shares.ts";
import { type OrderRow, orderFor, type WhichOrder } from "./returned-order.ts";
import {
  claimedQuantity,
  countReturnReasons,
  creditedQuantity,
  findReturn,
  findReturnQueue,
  findReturnsOfOrder,
  insertReturn,
  photoInUse,
  sumStoreCreditBack,
  updateReturnIf,
} from "./returns.repository.ts";

/*
 * Returns and size exchanges of delivered pieces (record 30). A request covers some pieces of one
 * order line; a line has one open request at a time (a unique index), and never more pieces asked
 * back than it had (counted under the order's row lock). Accepting a returned parcel puts the
 * pieces back on the shelf, takes back the points they earned, issues a credit note of its own
 * series for exactly their value at the invoice's own rates, and sends the money back once: a
 * gateway refund with its own key, store credit with a unique ledger entry, or a UPI transfer
 * for the administrator to make. An exchange holds the new size at once and ships it on acceptance.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReturnSettings = { returnDays: number };
export type { WhichOrder };

/** How the money of a refund goes back for this order: online to its source; cash as credit or to UPI. */
function refundMethodsFor(order: OrderRow): RefundMethod[] {
  if (order.paymentMethod === "online") return ["gateway"];
  return order.userId ? ["store-credit", "upi"] : ["upi"];
}

export type ReturnableLine = {
  position: number;
  productId: number;
  title: string;
  size: string;
  quantity: number;
  returnable: number;
  /** Why the line cannot be returned, when it cannot. */
  blocked: string | null;
  /** Paise back for each piece returned next. */
  amountPerPiece: number;
  exchangeSizes: string[];
};

export type ReturnOptions = {
  orderNumber: string;
  open: boolean;
  closesAt: number | null;
  why: string | null;
  pickup: boolean;
  refundMethods: RefundMethod[];
  /** Paise of the order paid with store credit not yet given back: a refund gives it back first. */
  storeCreditFirst: number;
  lines: ReturnableLine[];
};

/** What of a delivered order may still go back, for how much, and how. */
export async function returnOptions(
  db: Db,
  settings: ReturnSettings,
  actor: Actor,
  which: WhichOrder,
  now: number = Date.now(),
): Promise<ReturnOptions> {
  const order = await orderFor(db, actor, which);
  return optionsOf(db, settings, order, now);
}

async function optionsOf(db: Executor, settings: ReturnSettings, order: OrderRow, now: number): Promise<ReturnOptions> {
  const closesAt = order.deliveredAt === null ? null : order.deliveredAt + settings.returnDays * DAY_MS;
  const why =
    order.status !== "delivered"
      ? "Pieces can be returned once the order is delivered."
      : closesAt !== null && now > closesAt
        ? `The return window closed ${settings.returnDays} days after delivery.`
        : null;
  const [lines, taxRows, pickup, creditBack] = await Promise.all([
    findOrderLines(db, order.id),
    findTaxLines(db, order.id),
    findServiceablePincode(db, order.pincode),
    sumStoreCreditBack(db, order.id),
  ]);
  const goods = taxRows.filter((row) => row.kind === "goods");
  const result: ReturnableLine[] = [];
  for (const line of lines) {
    const product = await db
      .selectFrom("products")
      .select(["nonReturnable"])
      .where("id", "=", line.productId)
      .executeTakeFirst();
    const sizes = await db
      .selectFrom("productSizes")
      .select(["size", "stock"])
      .where("productId", "=", line.productId)
      .orderBy("position")
      .execute();
    const claimed = await claimedQuantity(db, order.id, line.position);
    const credited = await creditedQuantity(db, order.id, line.position);
    const row = goods.find((entry) => entry.position === line.position);
    const blocked = product?.nonReturnable ? "This piece cannot be returned." : null;
    result.push({
      position: line.position,
      productId: line.productId,
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      returnable: blocked || why ? 0 : Math.max(0, line.quantity - claimed),
      blocked,
      amountPerPiece: row ? amountOf(pieceShare(row, credited, 1)) : 0,
      exchangeSizes: sizes.filter((size) => size.size !== line.size && size.stock > 0).map((size) => size.size),
    });
  }
  return {
    orderNumber: order.orderNumber,
    open: why === null,
    closesAt,
    why,
    // Where the courier's list is silent, the shop's own courier picks up (record 30).
    pickup: pickup ? pickup.reversePickup : true,
    refundMethods: refundMethodsFor(order),
    storeCreditFirst: order.userId ? Math.max(0, order.storeCreditUsed - creditBack) : 0,
    lines: result,
  };
}

export const returnRequestSchema = z
  .object({
    position: decimalInteger("Which piece of the order? Please choose it again.", 0, 999),
    quantity: decimalInteger("Choose how many pieces.", 1, 99),
    kind: z.enum(["refund", "exchange"], { error: "Choose a return or an exchange." }),
    reason: z.enum(RETURN_REASON_KEYS as [string, ...string[]], { error: "Please choose a reason." }),
    note: z.string().trim().max(500, "Keep the note under 500 characters.").default(""),
    exchangeSize: z.string().trim().max(20).default(""),
    refundMethod: z.enum(["gateway", "store-credit", "upi"]).optional(),
    upiId: z.string().trim().max(256).default(""),
  })
  .superRefine((input, context) => {
    if (input.kind === "exchange" && !input.exchangeSize)
      context.addIssue({ code: "custom", path: ["exchangeSize"], message: "Choose the size you want instead." });
    if (input.refundMethod === "upi" && !isValidUpiId(input.upiId))
      context.addIssue({ code: "custom", path: ["upiId"], message: "Enter a UPI ID such as name@okbank." });
  });
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;

/**
 * The shopper asks to return or exchange pieces of a delivered line. The order's row is held for
 * the decision, and a line has one open request at most, so two tabs or two nodes asking at once
 * write one request; the second is told it exists.
 */
export async function requestReturn(
  db: Db,
  settings: ReturnSettings,
  actor: Actor,
  which: WhichOrder,
  input: ReturnRequestInput,
  now: number = Date.now(),
  photo: ReturnPhoto | null = null,
): Promise<{ id: number }> {
  const request = parseInput(returnRequestSchema, input);
  // Only the order's own shopper gets as far as storing a photo; it is checked and re-encoded first.
  await orderFor(db, actor, which);
  const photoRef = photo ? await storeReturnPhoto(photo) : null;
  try {
    return await db.transaction().execute(async (trx) => {
      const seen = await orderFor(trx, actor, which);
      await lockOrder(trx, seen.id);
      const order = (await findOrder(trx, { id: seen.id })) as OrderRow;
      const options = await optionsOf(trx, settings, order, now);
      const line = returnableLine(options, request);
      const refundMethod = await checkWay(trx, options, line, request);
      const credited = await creditedQuantity(trx, order.id, line.position);
      const taxRow = (await findTaxLines(trx, order.id)).find(
        (row) => row.kind === "goods" && row.position === line.position,
      );
      const id = await insertReturn(trx, {
        orderId: order.id,
        position: line.position,
        quantity: request.quantity,
        kind: request.kind,
        reason: request.reason,
        note: request.note,
        photo: photoRef,
        exchangeSize: request.kind === "exchange" ? request.exchangeSize : null,
        refundMethod,
        upiId: refundMethod === "upi" ? request.upiId : null,
        status: "requested",
        amount: taxRow ? amountOf(pieceShare(taxRow, credited, request.quantity)) : 0,
        selfShip: options.pickup ? 0 : 1,
        createdAt: now,
        updatedAt: now,
      });
      if (id === null) throw new AppError("idempotency-conflict", "A return of this piece is already under way.");
      if (request.kind === "exchange")
        await holdExchangeSize(trx, line.productId, request.exchangeSize, request.quantity);
      await mailStep(trx, order, id, now);
      return { id };
    });
  } catch (error) {
    if (photo && photoRef) await dropUnusedPhoto(db, photo.storage, photoRef);
    throw error;
  }
}

/** A photo sent with a request: its bytes as uploaded, and where the shop keeps pictures. */
export type ReturnPhoto = { storage: Storage; data: Buffer };

/**
 * The request's photo, kept as review photos are: only a JPEG, PNG or WebP within the limits is
 * taken (else a clear 4xx), re-encoded, which drops its hidden details (place, camera, time), and
 * named by its content under returns/.
 */
async function storeReturnPhoto(photo: ReturnPhoto): Promise<string> {
  await checkUploadedImage(photo.data);
  return storeShapedImage(photo.storage, "returns", "product", photo.data);
}

/** A refused request leaves no photo behind, unless another request holds the same picture. */
async function dropUnusedPhoto(db: Db, storage: Storage, ref: string): Promise<void> {
  if (!(await photoInUse(db, ref))) await deleteShapedImage(storage, ref, "product");
}

type ParsedRequest = z.output<typeof returnRequestSchema>;

/** The line asked about, if the order is open for returns and the line still has that many pieces to give back. */
function returnableLine(options: ReturnOptions, request: ParsedRequest): ReturnableLine {
  if (!options.open) throw new AppError("invalid-transition", options.why ?? "This order cannot be returned.");
  const line = options.lines.find((entry) => entry.position === request.position);
  if (!line) throw new AppError("validation-failed", "Choose a piece of this order.", { position: "Choose a piece." });
  if (line.blocked) throw new AppError("invalid-transition", line.blocked);
  if (request.quantity > line.returnable) {
    throw new AppError(
      "invalid-transition",
      line.returnable === 0
        ? "This piece has already been asked back."
        : `Only ${line.returnable} of this piece can still be returned.`,
      { quantity: "Too many pieces." },
    );
  }
  return line;
}

/** How the money goes back (null for an exchange, whose size must be another of the same piece). */
async function checkWay(
  trx: Executor,
  options: ReturnOptions,
  line: ReturnableLine,
  request: ParsedRequest,
): Promise<RefundMethod | null> {
  if (request.kind === "exchange") {
    if (request.exchangeSize === line.size || !(await sizeExists(trx, line.productId, request.exchangeSize)))
      throw new AppError("validation-failed", "Choose another size of this piece.", { exchangeSize: "Choose a size." });
    return null;
  }
  const refundMethod = request.refundMethod ?? options.refundMethods[0] ?? "upi";
  if (!options.refundMethods.includes(refundMethod))
    throw new AppError("validation-failed", "Choose how you want the money back.", { refundMethod: "Choose one." });
  if (refundMethod === "upi" && !isValidUpiId(request.upiId))
    throw new AppError("validation-failed", "Enter a UPI ID such as name@okbank.", { upiId: "Enter a UPI ID." });
  return refundMethod;
}

/** The new size is held at once; when it has run out, only a return is offered. */
async function holdExchangeSize(trx: Executor, productId: number, size: string, quantity: number): Promise<void> {
  if ((await decrementStock(trx, productId, size, quantity)) === null) {
    throw new AppError(
      "out-of-stock",
      `Size ${size} has sold out meanwhile: you can still return the piece for a refund.`,
    );
  }
}

async function sizeExists(executor: Executor, productId: number, size: string): Promise<boolean> {
  const row = await executor
    .selectFrom("productSizes")
    .select("size")
    .where("productId", "=", productId)
    .where("size", "=", size)
    .executeTakeFirst();
  return Boolean(row);
}

export const advanceReturnSchema = z
  .object({
    returnId: decimalInteger("This return could not be found.", 1, Number.MAX_SAFE_INTEGER),
    from: z.enum(RETURN_STATUSES as [ReturnStatus, ...ReturnStatus[]]),
    to: z.enum(RETURN_STATUSES as [ReturnStatus, ...ReturnStatus[]]),
    rejectReason: z.string().trim().max(300).default(""),
  })
  .superRefine((input, context) => {
    if (input.to === "rejected" && !input.rejectReason)
      context.addIssue({ code: "custom", path: ["rejectReason"], message: "Say why the return is rejected." });
  });

/**
 * The administrator takes a request one step on. Of two clicks or two nodes, one moves it (the
 * step is a guarded update) and the other is told it changed. Accepting at the quality check runs
 * the acceptance: restock, points, credit note, and the refund or the exchange's shipment.
 */
export async function advanceReturn(
  db: Db,
  actor: Actor,
  input: z.input<typeof advanceReturnSchema>,
  now: number = Date.now(),
): Promise<ReturnStatus> {
  assertAdmin(actor);
  const { returnId, from, to, rejectReason } = parseInput(advanceReturnSchema, input);
  if (!RETURN_TRANSITIONS[from].includes(to))
    throw new AppError("invalid-transition", `A return cannot go from ${from} to ${to}.`);
  await db.transaction().execute(async (trx) => {
    const request = await findReturn(trx, returnId);
    if (!request) throw new AppError("not-found", "This return could not be found.");
    checkAcceptance(request.kind, to);
    const moved = await updateReturnIf(trx, returnId, from, to, now, {
      ...(to === "rejected" ? { rejectReason } : {}),
      ...(RETURN_TRANSITIONS[to].length === 0 ? { open: 0 } : {}),
    });
    if (!moved) throw new AppError("stale-update", "This return was changed meanwhile. Please reload it.");
    // Acceptance shares out the order's store credit and points: one return of an order at a time.
    if (to === "refunded") await lockOrder(trx, request.orderId);
    const order = (await findOrder(trx, { id: request.orderId })) as OrderRow;
    const line = (await findOrderLines(trx, order.id)).find((entry) => entry.position === request.position);
    if (!line) throw new Error(`Return ${returnId} names no line of its order.`);
    await arrive(trx, { order, request, line, to, now });
    await mailStep(trx, order, returnId, now);
  });
  return to;
}

function checkAcceptance(kind: "refund" | "exchange", to: ReturnStatus): void {
  if (to === "refunded" && kind !== "refund")
    throw new AppError("invalid-transition", "This is an exchange: accept it by shipping the new size.");
  if (to === "exchange-shipped" && kind !== "exchange")
    throw new AppError("invalid-transition", "This is a return for a refund: accept it by refunding.");
}

type ReturnRow = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

/** What arriving at a step does besides the step: a rejection frees the held size; acceptance settles. */
async function arrive(
  trx: Executor,
  step: {
    order: OrderRow;
    request: ReturnRow;
    line: { productId: number; size: string; title: string };
    to: ReturnStatus;
    now: number;
  },
): Promise<void> {
  const { order, request, line, to, now } = step;
  if (to === "rejected" && request.exchangeSize) {
    // The held size goes back on the shelf; the shopper keeps (or gets back) the piece they have.
    await incrementStock(trx, line.productId, request.exchangeSize, request.quantity);
  }
  if (to !== "refunded" && to !== "exchange-shipped") return;
  await incrementStock(trx, line.productId, line.size, request.quantity);
  await issueReturnCreditNote(trx, order, request, now);
  if (to === "exchange-shipped") await issueExchangeInvoice(trx, order, request, line, now);
  if (to === "refunded") {
    await takeBackPoints(trx, order, request, now);
    await sendMoneyBack(trx, order, request, now);
  }
}

async function mailStep(trx: Executor, order: OrderRow, returnId: number, now: number): Promise<void> {
  const request = await findReturn(trx, returnId);
  const line = (await findOrderLines(trx, order.id)).find((entry) => entry.position === request?.position);
  if (!request || !line) return;
  const orderPath = orderPathFor(order);
  await queueMail(
    trx,
    {
      kind: "return-status",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        status: request.status,
        title: line.title,
        size: line.size,
        quantity: request.quantity,
        exchangeSize: request.exchangeSize,
        amount: request.kind === "refund" ? request.amount : null,
        storeCreditBack: request.storeCreditBack,
        refundMethod: request.refundMethod,
        rejectReason: request.rejectReason,
        selfShip: request.selfShip === 1,
        orderPath,
        creditNotePath: request.creditNoteNumber ? `${orderPath}/returns/${request.id}/credit-note` : null,
        exchangeInvoicePath: request.exchangeInvoiceNumber ? `${orderPath}/returns/${request.id}/invoice` : null,
      },
    },
    now,
  );
}

export type ReturnSummary = {
  id: number;
  position: number;
  quantity: number;
  kind: "refund" | "exchange";
  reason: string;
  status: ReturnStatus;
  exchangeSize: string | null;
  refundMethod: RefundMethod | null;
  amount: number;
  /** Paise of `amount` given back as store credit because the order was paid with it. */
  storeCreditBack: number;
  rejectReason: string | null;
  creditNote: { number: string; date: number } | null;
  /** An accepted exchange's replacement invoice. */
  exchangeInvoice: { number: string; date: number } | null;
  createdAt: number;
};

const documentRef = (number: string | null, date: number | null) =>
  number && date !== null ? { number, date: Number(date) } : null;

/** The returns of an order, for its page (whoever may see the order). */
export async function returnsOfOrder(db: Db, actor: Actor, which: WhichOrder): Promise<ReturnSummary[]> {
  const order = await orderFor(db, actor, which);
  return (await findReturnsOfOrder(db, order.id)).map(summaryOf);
}

function summaryOf(row: Awaited<ReturnType<typeof findReturnsOfOrder>>[number]): ReturnSummary {
  return {
    id: row.id,
    position: row.position,
    quantity: row.quantity,
    kind: row.kind,
    reason: row.reason,
    status: row.status,
    exchangeSize: row.exchangeSize,
    refundMethod: row.refundMethod,
    amount: row.amount,
    storeCreditBack: Number(row.storeCreditBack),
    rejectReason: row.rejectReason,
    creditNote: documentRef(row.creditNoteNumber, row.creditNoteDate),
    exchangeInvoice: documentRef(row.exchangeInvoiceNumber, row.exchangeInvoiceDate),
    createdAt: row.createdAt,
  };
}

/** The admin's Returns queue, filtered by step. */
export async function returnQueue(db: Db, actor: Actor, status: ReturnStatus | null, limit = 100) {
  assertAdmin(actor);
  return findReturnQueue(db, status, limit);
}

/** Pieces returned by reason, per product and size (the size guides read it). */
export async function returnsByReason(db: Db, actor: Actor) {
  assertAdmin(actor);
  return countReturnReasons(db);
}

/** What an order's page shows of returns: its requests, and whether pieces may still go back. */
export async function orderReturnsPanel(
  db: Db,
  settings: ReturnSettings,
  actor: Actor,
  which: WhichOrder,
  now: number = Date.now(),
): Promise<{ returns: (ReturnSummary & { title: string; size: string })[]; canReturn: boolean }> {
  const order = await orderFor(db, actor, which);
  const [rows, lines] = await Promise.all([findReturnsOfOrder(db, order.id), findOrderLines(db, order.id)]);
  const options = order.status === "delivered" ? await optionsOf(db, settings, order, now) : null;
  return {
    returns: rows.map((row) => {
      const line = lines.find((entry) => entry.position === row.position);
      return { ...summaryOf(row), title: line?.title ?? "", size: line?.size ?? "" };
    }),
    canReturn: Boolean(options?.open && options.lines.some((line) => line.returnable > 0)),
  };
}
