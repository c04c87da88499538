import type { Actor } from "#core/actor.ts";
import { assertSignedIn } from "../access.ts";
import type { Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import type { OrderRow } from "../processes/order-process.ts";

/** Which order a shopper means: a customer's own by number, or anyone's by its secret link. */
export type WhichOrder = { orderNumber: string } | { accessToken: string };

export type { OrderRow };

/** The order the asker may see; any other is "not found", never "forbidden". */
export async function orderFor(executor: Executor, actor: Actor, which: WhichOrder): Promise<OrderRow> {
  if ("accessToken" in which) {
    const order = which.accessToken.length >= 32 ? await orderRow(executor, which) : undefined;
    if (order) return order;
  } else {
    assertSignedIn(actor);
    const order = await orderRow(executor, { orderNumber: which.orderNumber });
    if (order && order.userId === actor.userId) return order;
  }
  throw new AppError("not-found", "This order could not be found.");
}
