import type { Actor } from "#core/actor.ts";
import { statusChoices } from "#core/order-status.ts";
import { maskedPhone, seesPhones } from "#core/permissions.ts";
import { amountToPay } from "#core/store-credit.ts";
import { can } from "../access.ts";
import { customerRefOf } from "../customers/customer-refs.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertMayOpenOrder } from "../orders/order-index.service.ts";
import { orderNotes, readyToPack } from "../orders/order-marks.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { orderForAdmin } from "../orders/orders.service.ts";
import { type AdminOrderWithMoney, adminOrderWithMoney } from "../payments/money-story.ts";
import { returnsOfOrderForStaff, type StaffReturnRow } from "../returns/returns-for-staff.ts";
import { type AdminParcel, adminParcel } from "../shipping/parcel-views.service.ts";
import { type ShipmentTimeline, shipmentTimeline } from "../shipping/shipment-timeline.service.ts";

/*
 * The admin's order page (record 45): everything about an order in one place (its lines and
 * totals, its money story, documents, parcels and their news, returns, the staff's notes) with the
 * actions its state allows and the member's role may take. The packing bench sees the order as
 * packing needs it: its lines and its own total, the buyer's mobile number masked, no money story.
 */

export type OrderActions = {
  confirm: boolean;
  pack: boolean;
  ship: boolean;
  cancel: boolean;
  /** The full status form (any move the table allows), the cash and e-way bill steps. */
  manage: boolean;
  note: boolean;
  documents: boolean;
};

export type AdminOrderPage = {
  order: Omit<AdminOrderWithMoney, "money"> & { money: AdminOrderWithMoney["money"] | null };
  marks: { confirmedAt: number | null; confirmedBy: string | null; packedAt: number | null; packedBy: string | null };
  needsConfirmation: boolean;
  /** The live parcel: booking, paper, check-in (record 43). */
  parcel: AdminParcel;
  shipments: ShipmentTimeline;
  returns: StaffReturnRow[];
  notes: { id: number; author: string; body: string; createdAt: number }[];
  customerRef: string | null;
  actions: OrderActions;
  choices: ReturnType<typeof statusChoices>;
};

export async function adminOrderPage(
  db: Db,
  actor: Actor,
  orderId: number,
  { courierOn = false }: { courierOn?: boolean } = {},
): Promise<AdminOrderPage> {
  await assertMayOpenOrder(db, actor, orderId);
  const row = await orderRow(db, { id: orderId });
  if (!row) throw new AppError("not-found", "This order could not be found.");
  const full = can(actor, "orders.view");
  // The packing bench has the order's lines and its own total; its documents are for whoever sees every order.
  const order: AdminOrderPage["order"] = full
    ? await adminOrderWithMoney(db, actor, orderId)
    : {
        ...(await orderForAdmin(db, actor, orderId)),
        invoice: null,
        creditNote: null,
        money: null,
        canCollectCash: false,
        canRecordRemittance: false,
        buyerConfirmation: null,
      };
  const phones = actor.kind === "system" || (actor.kind === "user" && seesPhones(actor.role));
  const [parcel, shipments, returns, notes] = await Promise.all([
    adminParcel(db, actor, courierOn, orderId),
    shipmentTimeline(db, orderId),
    full ? returnsOfOrderForStaff(db, actor, orderId) : [],
    orderNotes(db, actor, orderId),
  ]);
  const manage = can(actor, "orders.manage");
  return {
    order: phones ? order : { ...order, phone: maskedPhone(order.phone), email: "" },
    marks: {
      confirmedAt: row.confirmedAt === null ? null : Number(row.confirmedAt),
      confirmedBy: row.confirmedBy,
      packedAt: row.packedAt === null ? null : Number(row.packedAt),
      packedBy: row.packedBy,
    },
    needsConfirmation: needsConfirmation(row),
    parcel,
    shipments,
    returns,
    notes,
    customerRef: can(actor, "customers.view") ? customerRefOf(row) : null,
    actions: actionsOf(actor, row, full),
    choices: manage ? statusChoices({ status: row.status, paymentMethod: row.paymentMethod }) : [],
  };
}

type Row = NonNullable<Awaited<ReturnType<typeof orderRow>>>;

/** A cash order placed, with cash to take at the door, not yet confirmed with the buyer. */
function needsConfirmation(row: Row): boolean {
  return row.status === "placed" && row.paymentMethod === "cod" && amountToPay(row) > 0 && row.confirmedAt === null;
}

/** What the order's state allows and the member's role may do. */
function actionsOf(actor: Actor, row: Row, full: boolean): OrderActions {
  const placed = row.status === "placed";
  const manage = can(actor, "orders.manage");
  const pack = can(actor, "orders.pack");
  return {
    confirm: manage && needsConfirmation(row),
    pack: pack && placed && row.packedAt === null && readyToPack(row),
    ship: pack && placed && row.packedAt !== null,
    cancel: manage && (placed || row.status === "shipped"),
    manage,
    note: true,
    documents: full,
  };
}
