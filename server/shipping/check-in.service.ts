import type { Actor } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import { orderSubject, recordAudit } from "../audit/audit.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderLines, orderRowForUpdate } from "../orders/order-rows.service.ts";
import { checkInPieces, stockByOf } from "../stock/stock.service.ts";

/**
 * A parcel that left the warehouse and came back (returned to origin, or cancelled on its way) is
 * checked in by the administrator at the warehouse (record 43): then, and only then, are its pieces
 * on the shelf again, once however often it is clicked.
 */
export async function checkInParcel(db: Db, actor: Actor, orderId: number, now: number = Date.now()): Promise<void> {
  assertCan(actor, "orders.pack");
  const shows = await db.transaction().execute(async (trx) => {
    const order = await orderRowForUpdate(trx, orderId);
    if (!order) throw new AppError("not-found", "This order could not be found.");
    const done = await checkInPieces(trx, order.id, await orderLines(trx, order.id), { by: stockByOf(actor), now });
    if (done === null) {
      throw new AppError(
        "invalid-transition",
        order.checkedInAt === null
          ? "This order has no parcel coming back to check in."
          : "This parcel was checked in already: its pieces are on the shelf.",
      );
    }
    await recordAudit(
      trx,
      actor,
      {
        kind: "order.checked-in",
        subject: orderSubject(order),
        after: { checkedInAt: now },
      },
      now,
    );
    return done;
  });
  if (shows) await catalogVersion(db).changed();
}
