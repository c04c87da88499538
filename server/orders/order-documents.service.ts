import type { Actor } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { DocumentSigning } from "../invoices/document-signing.ts";
import { type DocumentKind, documentFile, ewayBillFile } from "../invoices/invoices.service.ts";
import type { Signatory } from "../tax/seller.ts";
import { customerOrder, orderByAccessToken, orderForAdmin } from "./orders.service.ts";

/*
 * An order's tax invoice or credit note for whoever may open the order: the same checks as the
 * order itself, so a document is never reachable where its order is not. Each is signed as the
 * shop's settings say (see DocumentSigning).
 */

/** The customer's own order's invoice or credit note; anyone else's order is "not found". */
export async function customerDocument(
  db: Db,
  signing: DocumentSigning,
  actor: Actor,
  orderNumber: string,
  kind: DocumentKind,
) {
  return documentFile(db, signing, await customerOrder(db, actor, orderNumber), kind);
}

/** A guest's invoice or credit note, through the secret of the order's link. */
export async function guestDocument(db: Db, signing: DocumentSigning, token: string, kind: DocumentKind) {
  return documentFile(db, signing, await orderByAccessToken(db, token), kind);
}

/** Any order's invoice or credit note, for the administrator. */
export async function adminDocument(
  db: Db,
  signing: DocumentSigning,
  actor: Actor,
  orderId: number,
  kind: DocumentKind,
) {
  assertCan(actor, "orders.view");
  return documentFile(db, signing, await orderForAdmin(db, actor, orderId), kind);
}

/** Part A of an order's e-way bill, for the administrator, of an order whose goods need one. */
export async function adminEwayBill(db: Db, signatory: Signatory, actor: Actor, orderId: number) {
  assertCan(actor, "orders.manage");
  const order = await orderForAdmin(db, actor, orderId);
  if (!order.ewayBill.needed) throw new AppError("not-found", "This order needs no e-way bill.");
  return ewayBillFile(db, order, signatory);
}
