import type { ReturnEffect, ReturnProcess } from "../processes/return-process.ts";
import { shelvePieces } from "./stock.service.ts";

/** A rejected exchange's held size goes back on the shelf; the shopper keeps (or gets back) the piece they have. */
const releaseHeldSize: ReturnEffect = async ({ trx, request, line }) => {
  if (!request.exchangeSize) return;
  await shelvePieces(trx, { productId: line.productId, size: request.exchangeSize, quantity: request.quantity });
};

/** An accepted return's pieces go back on the shelf. */
const shelveReturnedPieces: ReturnEffect = async ({ trx, request, line }) => {
  await shelvePieces(trx, { productId: line.productId, size: line.size, quantity: request.quantity });
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
