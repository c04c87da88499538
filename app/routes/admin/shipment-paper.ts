import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { ordersToShip, printLabels, printParcelPapers, printPickList } from "#server/shipping/parcel-paper.service.ts";
import { idField } from "#server/validation/fields.ts";
import { notFound } from "../../.server/address.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/shipment-paper";
import { paperDeps, pdfResponse } from "./paper.server.ts";

/** The orders asked for (`?orderId=…` once or more), else those waiting to ship. */
const ordersAsked = z
  .array(idField("Which order? The order number is not valid."))
  .max(100, "Print at most 100 orders at once.");

const PRINTS = {
  "labels.pdf": printLabels,
  "parcel-papers.pdf": printParcelPapers,
  "pick-list.pdf": printPickList,
} as const;

/**
 * Paper for many orders as one PDF (record 43): labels, labels each followed by its packing slip,
 * or the pick list, of the orders named, or of those waiting to ship (the newest 50).
 */
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const print = PRINTS[params.paper as keyof typeof PRINTS];
  if (!print) notFound("There is no such paper.");
  const asked = ordersAsked.safeParse(url.searchParams.getAll("orderId"));
  if (!asked.success) throw new AppError("validation-failed", asked.error.issues[0]?.message ?? "Which orders?");
  const deps = paperDeps(context);
  const orderIds = asked.data.length > 0 ? asked.data : await ordersToShip(deps.db, actor);
  if (orderIds.length === 0) notFound("No order is waiting to ship.");
  const batch = await print(deps, actor, orderIds);
  if (!batch.pdf) notFound(batch.results[0]?.message ?? "None of these orders has paper to print.");
  return pdfResponse(batch.pdf, params.paper);
}
