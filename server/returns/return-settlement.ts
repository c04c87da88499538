import { AppError } from "../errors.ts";
import type { ReturnEffect, ReturnGuard, ReturnProcess } from "../processes/return-process.ts";
import { issueExchangeInvoice, issueReturnCreditNote } from "./return-documents.ts";
import { sendMoneyBack, takeBackPoints } from "./return-refunds.ts";

/*
 * What the returns room itself does at a return's steps (record 37): an accepted return gets its
 * credit note, an accepted exchange its replacement's invoice, and an accepted refund takes back
 * the returned pieces' points and sends the money back, store credit first.
 */

/** A return for a refund is accepted by refunding it. */
const refundOfAReturn: ReturnGuard = (request) => {
  if (request.kind !== "refund")
    throw new AppError("invalid-transition", "This is an exchange: accept it by shipping the new size.");
};

/** An exchange is accepted as an exchange. */
const exchangeOfAnExchange: ReturnGuard = (request) => {
  if (request.kind !== "exchange")
    throw new AppError("invalid-transition", "This is a return for a refund: accept it by refunding.");
};

/** A credit note for exactly the returned pieces' value, at the invoice's own rates. */
const creditNote: ReturnEffect = ({ trx, order, request, now }) => issueReturnCreditNote(trx, order, request, now);

/** The replacement piece's tax invoice, settled against that credit note. */
const replacementInvoice: ReturnEffect = ({ trx, order, request, line, now }) =>
  issueExchangeInvoice(trx, order, request, line, now);

/** The points the returned pieces were bought with come back; the points they earned go. */
const pointsOfThePieces: ReturnEffect = ({ trx, order, request, now }) => takeBackPoints(trx, order, request, now);

/** The money goes back once, store credit first. */
const moneyBack: ReturnEffect = ({ trx, order, request, now }) => sendMoneyBack(trx, order, request, now);

export const settlementOnReturns: ReturnProcess = {
  room: "returns",
  guards: {
    refunded: [refundOfAReturn],
    "exchange-accepted": [exchangeOfAnExchange],
  },
  effects: {
    refunded: [creditNote, pointsOfThePieces, moneyBack],
    "exchange-accepted": [creditNote, replacementInvoice],
  },
};
