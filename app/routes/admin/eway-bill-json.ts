import { adminEwayBill } from "#server/orders/order-documents.service.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/eway-bill-json";

/** Part A of an order's e-way bill, as JSON for the portal's bulk upload, for the administrator only. */
export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const orderId = idFromPath(params.orderId, "This order could not be found.");
  const { db, config } = appServices(context);
  const file = await adminEwayBill(db, config.documentSigning.signatory, actor, orderId);
  return new Response(JSON.stringify(file.partA, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
