import type { Actor } from "#core/actor.ts";
import { STATUS_LABELS } from "#core/order-status.ts";
import { assertCan } from "../access.ts";
import { orderSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db, OrderStatus } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import { needsEwayBill } from "./eway-bills.ts";
import { type EwayBillNumberInput, ewayBillNumberSchema } from "./invoice.schemas.ts";
import { findEwayBillBasis, setEwayBillNumber } from "./invoices.repository.ts";

/**
 * The statuses in which an order's e-way bill number may be entered: before the goods leave, and
 * while they travel (a bill the portal cancelled within its day is replaced by a new number).
 */
const EWAY_BILL_OPEN: readonly OrderStatus[] = ["placed", "shipped"];

/**
 * The administrator enters the number of the e-way bill the portal issued for an order whose goods
 * need one; the order can then ship. Returns the number as stored.
 */
export async function recordEwayBill(
  db: Db,
  actor: Actor,
  input: EwayBillNumberInput,
  now: number = Date.now(),
): Promise<string> {
  assertCan(actor, "orders.manage");
  const { orderId, ewayBillNumber } = parseInput(ewayBillNumberSchema, input);
  const order = await findEwayBillBasis(db, orderId);
  if (!order) throw new AppError("not-found", "This order could not be found.");
  if (!needsEwayBill(order)) {
    throw new AppError(
      "validation-failed",
      "This order needs no e-way bill: its goods are worth no more than the limit where they go (₹50,000 between states; a state's own limit within it, ₹1,00,000 in Maharashtra).",
    );
  }
  if (!EWAY_BILL_OPEN.includes(order.status)) {
    throw new AppError(
      "invalid-transition",
      `This order is ${STATUS_LABELS[order.status].toLowerCase()}; its e-way bill can no longer change.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    if (!(await setEwayBillNumber(trx, orderId, ewayBillNumber, now, EWAY_BILL_OPEN))) {
      throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
    }
    await recordAudit(
      trx,
      actor,
      {
        kind: "order.eway-bill",
        subject: orderSubject(order),
        before: { ewayBillNumber: order.ewayBillNumber },
        after: { ewayBillNumber },
      },
      now,
    );
  });
  return ewayBillNumber;
}
