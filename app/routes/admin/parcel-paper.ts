import { orderLabel, orderPackingSlip } from "#server/shipping/parcel-paper.service.ts";
import { idFromPath } from "../../.server/address.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/parcel-paper";
import { paperDeps, pdfResponse } from "./paper.server.ts";

/**
 * An order's label (the courier's own when it makes one, else the shop's 4×6 label) or its packing
 * slip, as a PDF for the administrator: /admin/orders/<id>/label and …/packing-slip.
 */
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const orderId = idFromPath(params.orderId, "This order could not be found.");
  const deps = paperDeps(context);
  const file = url.pathname.endsWith("/label")
    ? await orderLabel(deps, actor, orderId)
    : await orderPackingSlip(deps, actor, orderId);
  return pdfResponse(file.pdf, file.filename);
}
