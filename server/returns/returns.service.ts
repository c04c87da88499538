import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import {
  isValidUpiId,
  maskUpiId,
  RETURN_REASON_KEYS,
  RETURN_STATUSES,
  type RefundMethod,
  type ReturnStatus,
  returnStepLabel,
} from "#core/returns.ts";
import { assertCan, assertCanAny } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderTaxRows } from "../invoices/invoicing.ts";
import { queueReturnStatusMail } from "../mail/status-mails.ts";
import { orderLines, orderRowForUpdate } from "../orders/order-rows.service.ts";
import { holdSize, type Pieces, type StockCause, sizeExists, stockByOf } from "../stock/stock.service.ts";
import { checkUploadedImage, deleteShapedImage, storeShapedImage } from "../storage/shaped-images.ts";
import type { Storage } from "../storage/storage.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import { type ExchangeShipment, exchangeShipmentOf } from "./exchange-shipping.ts";
import { canReturnGo, current, moveReturn } from "./return-machine.ts";
import { optionsOf, type ReturnableLine, type ReturnOptions, type ReturnSettings } from "./return-options.ts";
import { amountOf, pieceShare, returnAmount } from "./return-shares.ts";
import { orderFor, type WhichOrder } from "./returned-order.ts";
import {
  countReturnReasons,
  creditedQuantity,
  findReturnQueue,
  findReturnsOfOrder,
  insertReturn,
  photoInUse,
} from "./returns.repository.ts";

export type { ReturnSettings, WhichOrder };

/*
 * Returns and size exchanges of delivered pieces (record 30). A request covers some pieces of one
 * order line; a line has one open request at a time (a unique index), and never more pieces asked
 * back than it had (counted under the order's row lock). Accepting a returned parcel puts the
 * pieces back on the shelf, takes back the points they earned, issues a credit note of its own
 * series for exactly their value at the invoice's own rates, and sends the money back once: a
 * gateway refund with its own key, store credit with a unique ledger entry, or a UPI transfer
 * for the administrator to make. An exchange holds the new size at once; once the returned piece
 * is accepted, the new size ships with its courier and tracking number (exchange-shipping.ts).
 */

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
    if (input.kind === "refund" && input.refundMethod === "upi" && !isValidUpiId(input.upiId))
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
      // Held for the decision: the pieces already asked back are counted under the order's lock.
      const order = await orderRowForUpdate(trx, seen.id);
      if (!order) throw new AppError("not-found", "This order could not be found.");
      const options = await optionsOf(trx, settings, order, now);
      const line = returnableLine(options, request);
      const refundMethod = await checkWay(trx, options, line, request);
      const credited = await creditedQuantity(trx, order.id, line.position);
      const taxRow = (await orderTaxRows(trx, order.id)).find(
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
        ...(await returnAmount(
          trx,
          order,
          taxRow ? amountOf(pieceShare(taxRow, credited, request.quantity)) : 0,
          request.kind,
        )),
        selfShip: options.pickup ? 0 : 1,
        createdAt: now,
        updatedAt: now,
      });
      if (id === null) throw new AppError("idempotency-conflict", "A return of this piece is already under way.");
      if (request.kind === "exchange")
        await holdExchangeSize(
          trx,
          { productId: line.productId, size: request.exchangeSize, quantity: request.quantity },
          {
            ...{ reason: "sold", by: stockByOf(actor), note: "Held for a size exchange" },
            ...{ orderId: order.id, returnId: id, now },
          },
        );
      await queueReturnStatusMail(trx, { order, line, request: await current(trx, id) }, now);
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
async function holdExchangeSize(trx: Executor, pieces: Pieces, cause: StockCause): Promise<void> {
  const { size } = pieces;
  if (!(await holdSize(trx, pieces, cause))) {
    throw new AppError(
      "out-of-stock",
      `Size ${size} has sold out meanwhile: you can still return the piece for a refund.`,
    );
  }
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
 * the acceptance: restock, points, credit note, and the refund, or the exchange's replacement
 * invoice (its parcel then ships with its courier and tracking number: `shipExchange`).
 */
export async function advanceReturn(
  db: Db,
  actor: Actor,
  input: z.input<typeof advanceReturnSchema>,
  now: number = Date.now(),
): Promise<string> {
  assertCan(actor, "returns.manage");
  const { returnId, from, to, rejectReason } = parseInput(advanceReturnSchema, input);
  if (!canReturnGo(from, to)) throw new AppError("invalid-transition", `A return cannot go from ${from} to ${to}.`);
  if (to === "exchange-shipped")
    throw new AppError("invalid-transition", "Ship the new size with its courier and tracking number.");
  return db.transaction().execute(async (trx) => {
    const details = to === "rejected" ? { rejectReason } : {};
    await moveReturn(trx, { returnId, from, to, actor, now, details });
    // A refund whose money is on its way reads "Refund approved" (record 32).
    return returnStepLabel(to, (await current(trx, returnId)).refundStatus);
  });
}

export type ReturnSummary = {
  id: number;
  position: number;
  quantity: number;
  kind: "refund" | "exchange";
  reason: string;
  status: ReturnStatus;
  /** The step in words, with its money: "Refund approved" until the refund has reached the shopper. */
  statusLabel: string;
  exchangeSize: string | null;
  refundMethod: RefundMethod | null;
  /** A refund to UPI: the UPI ID masked, and the transfer's UTR once it is made. */
  upi: { id: string; utr: string | null } | null;
  amount: number;
  /** Paise of `amount` given back as store credit because the order was paid with it. */
  storeCreditBack: number;
  rejectReason: string | null;
  creditNote: { number: string; date: number } | null;
  /** An accepted exchange's replacement invoice. */
  exchangeInvoice: { number: string; date: number } | null;
  /** An exchange's replacement once it has shipped: who carries it, its tracking number, when expected. */
  shipment: ExchangeShipment | null;
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
    statusLabel: returnStepLabel(row.status, row.refundStatus),
    exchangeSize: row.exchangeSize,
    refundMethod: row.refundMethod,
    upi:
      row.refundMethod === "upi" && row.upiId
        ? { id: maskUpiId(row.upiId), utr: row.refundStatus === "processed" ? row.refundReference : null }
        : null,
    amount: row.amount,
    storeCreditBack: Number(row.storeCreditBack),
    rejectReason: row.rejectReason,
    creditNote: documentRef(row.creditNoteNumber, row.creditNoteDate),
    exchangeInvoice: documentRef(row.exchangeInvoiceNumber, row.exchangeInvoiceDate),
    shipment: exchangeShipmentOf(row),
    createdAt: row.createdAt,
  };
}

/** The admin's Returns queue, filtered by step. */
export async function returnQueue(db: Db, actor: Actor, status: ReturnStatus | null, limit = 100) {
  assertCan(actor, "returns.manage");
  return (await findReturnQueue(db, status, limit)).map((row) => ({ ...row, shipment: exchangeShipmentOf(row) }));
}

/** Pieces returned by reason, per product and size (the size guides read it). */
export async function returnsByReason(db: Db, actor: Actor) {
  assertCanAny(actor, ["returns.manage", "size-charts.edit"]);
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
  const [rows, lines] = await Promise.all([findReturnsOfOrder(db, order.id), orderLines(db, order.id)]);
  const options = order.status === "delivered" ? await optionsOf(db, settings, order, now) : null;
  return {
    returns: rows.map((row) => {
      const line = lines.find((entry) => entry.position === row.position);
      return { ...summaryOf(row), title: line?.title ?? "", size: line?.size ?? "" };
    }),
    canReturn: Boolean(options?.open && options.lines.some((line) => line.returnable > 0)),
  };
}
