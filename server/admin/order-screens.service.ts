import type { Actor } from "#core/actor.ts";
import { INDIAN_STATES } from "#core/indian-states.ts";
import { can } from "../access.ts";
import { type ConfirmationState, confirmationStates } from "../cod-confirmation/cod-confirmation.service.ts";
import type { Db } from "../db/schema.ts";
import type { OrderIndexQuery, OrderIndexRow } from "../orders/order-index.schemas.ts";
import { orderIndex } from "../orders/order-index.service.ts";
import { latestOrderEvent } from "./order-feed.service.ts";
import { recentJobs } from "./order-jobs.service.ts";

/*
 * The order index's screen (record 45): the page of orders with the tabs' counts, each with where
 * it stands with its buyer's confirmation (record 44), the member's latest bulk jobs, and which of
 * the bulk actions and files the member's role offers (the services check each again).
 */

export type IndexScreenRow = OrderIndexRow & { buyerConfirmation: ConfirmationState | null };
export async function orderIndexScreen(
  db: Db,
  actor: Actor,
  query: OrderIndexQuery,
  { courierOn = false }: { courierOn?: boolean } = {},
) {
  // Read before the page: the live feed starts after it, so nothing falls between the two.
  const feedFrom = await latestOrderEvent(db, actor);
  const [page, jobs] = await Promise.all([orderIndex(db, actor, query), recentJobs(db, actor)]);
  const confirmations = await confirmationStates(
    db,
    actor,
    page.rows.map((row) => row.id),
  );
  const rows: IndexScreenRow[] = page.rows.map((row) => ({
    ...row,
    buyerConfirmation: confirmations.get(row.id) ?? null,
  }));
  return {
    feedFrom,
    page: { ...page, rows },
    jobs,
    states: INDIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
    may: {
      manage: can(actor, "orders.manage"),
      pack: can(actor, "orders.pack"),
      // Booking with the courier, when the shop has one (record 43).
      book: courierOn && can(actor, "orders.pack"),
      export: can(actor, "orders.export"),
      filterAll: can(actor, "orders.view"),
    },
  };
}
