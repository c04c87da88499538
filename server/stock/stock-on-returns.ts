import type { ReturnEffect, ReturnProcess } from "../processes/return-process.ts";
import { shelvePieces, stockByOf } from "./stock.service.ts";

/** A rejected exchange's held size goes back on the shelf; the shopper keeps (or gets back) the piece they have. */
const releaseHeldSize: ReturnEffect = async ({ trx, request, order, line, actor, now }) => {
  if (!request.exchangeSize) return;
  await shelvePieces(
    trx,
    { productId: line.productId, size: request.exchangeSize, quantity: request.quantity },
    {
      reason: "cancelled",
      by: stockByOf(actor),
      orderId: order.id,
      returnId: request.id,
      now,
      note: "Exchange refused: the held size is free again",
    },
  );
};

/** An accepted return's pieces go back on the shelf. */
const shelveReturnedPieces: ReturnEffect = async ({ trx, request, order, line, actor, now }) => {
  await shelvePieces(
    trx,
    { productId: line.productId, size: line.size, quantity: request.quantity },
    { reason: "returned", by: stockByOf(actor), orderId: order.id, returnId: request.id, now },
  );
};

/** What a return's steps do to the stock (record 37). */
export const stockOnReturns: ReturnProcess = {
  room: "stock",
  effects: {
    rejected: [releaseHeldSize],
    refunded: [shelveReturnedPieces],
    "exchange-accepted": [shelveReturnedPieces],
  },
};
