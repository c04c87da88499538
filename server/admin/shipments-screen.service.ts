import type { Actor } from "#core/actor.ts";
import type { Permission } from "#core/permissions.ts";
import { can } from "../access.ts";
import type { Db } from "../db/schema.ts";
import type { DeliverySettings } from "../delivery/delivery-settings.ts";
import { rtoRates } from "../delivery/parcel-outcomes.ts";
import { openNdrs, reattemptDays, shipmentProblems } from "../shipping/ndr.service.ts";
import { ordersToShipList } from "../shipping/to-ship.service.ts";

/*
 * The shipments page (records 43 and 45): its views, each shown to the roles it is for — orders to
 * book and print for whoever packs, failed deliveries and problems for whoever manages orders, the
 * returns by pincode for whoever sees every order. The services check each again.
 */

export const SHIPMENT_VIEWS = ["to-ship", "ndr", "problems", "rto"] as const;
export type ShipmentView = (typeof SHIPMENT_VIEWS)[number];

const VIEW_PERMISSIONS: Record<ShipmentView, Permission> = {
  "to-ship": "orders.pack",
  ndr: "orders.manage",
  problems: "orders.manage",
  rto: "orders.view",
};

/** The views the member's role opens, in the page's order. */
export function shipmentViewsFor(actor: Actor): ShipmentView[] {
  return SHIPMENT_VIEWS.filter((view) => can(actor, VIEW_PERMISSIONS[view]));
}

export async function shipmentsScreen(
  db: Db,
  actor: Actor,
  asked: { view: string | null; page: number; now: number; courierOn: boolean; delivery: DeliverySettings },
) {
  const views = shipmentViewsFor(actor);
  // A view the role does not open is the first one it does (the service would refuse it anyway).
  const view = views.find((entry) => entry === asked.view) ?? views[0] ?? "to-ship";
  const { page, now } = asked;
  return {
    view,
    views,
    page,
    now,
    days: reattemptDays(now),
    courierBooking: asked.courierOn,
    toShip: view === "to-ship" ? await ordersToShipList(db, actor, page) : null,
    ndr: view === "ndr" ? await openNdrs(db, actor, page) : null,
    problems: view === "problems" ? await shipmentProblems(db, actor, page) : null,
    rto: view === "rto" ? await rtoRates(db, actor, asked.delivery, { page, now }) : null,
  };
}
