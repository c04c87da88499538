import type { Actor } from "#core/actor.ts";
import { amountToPay } from "#core/store-credit.ts";
import { assertCan } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { ewayBillStatusOf } from "../invoices/eway-bills.ts";
import { ordersWithFirstLine } from "../orders/order-rows.service.ts";
import type { ShipmentStatus } from "./shipment-machine.ts";
import { findLiveShipmentsOfOrders } from "./shipments.repository.ts";

/*
 * The back office's list of orders waiting to ship (record 43): each with where its booking stands
 * (not booked, booked with its AWB, a failure to try again or one the courier refused), so that
 * many are booked or printed at once and a failure shows beside its order until it is retried.
 */

/** An order waiting to ship, and its booking. */
export type OrderToShip = {
  orderId: number;
  orderNumber: string;
  name: string;
  city: string;
  pincode: string;
  itemCount: number;
  createdAt: number;
  /** What the courier collects at the door (0: prepaid). */
  collect: number;
  /** An order whose payment is not in yet cannot be booked. */
  awaitingPayment: boolean;
  /** Goods that need an e-way bill (above ₹50,000 across states) and have no number yet: not booked until it is entered. */
  needsEwayBill: boolean;
  shipment: {
    status: ShipmentStatus;
    awb: string | null;
    courierName: string | null;
    booked: boolean;
    failure: { message: string; retryable: boolean } | null;
  } | null;
};

const PAGE_SIZE = 25;

/** The orders waiting to ship, newest first, a page of 25 at a time, with their bookings. Administrators only. */
export async function ordersToShipList(
  db: Db,
  actor: Actor,
  page: number,
): Promise<{ rows: OrderToShip[]; hasNext: boolean }> {
  assertCan(actor, "orders.pack");
  const orders = await ordersWithFirstLine(db, { status: "placed" }, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE);
  const shown = orders.slice(0, PAGE_SIZE);
  const shipments = new Map(
    (
      await findLiveShipmentsOfOrders(
        db,
        shown.map((order) => order.id),
      )
    ).map((shipment) => [shipment.orderId, shipment]),
  );
  const rows = shown.map((order): OrderToShip => {
    const shipment = shipments.get(order.id);
    const ewayBill = ewayBillStatusOf(order);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      name: order.name,
      city: order.city,
      pincode: order.pincode,
      itemCount: order.itemCount,
      createdAt: Number(order.createdAt),
      collect: order.paymentMethod === "online" ? 0 : amountToPay(order),
      awaitingPayment: order.paymentStatus === "awaiting" || order.paymentStatus === "failed",
      needsEwayBill: ewayBill.needed && !ewayBill.number,
      shipment: shipment
        ? {
            status: shipment.status as ShipmentStatus,
            awb: shipment.awb,
            courierName: shipment.courierName,
            booked: shipment.pickupRequestedAt !== null,
            failure: shipment.bookingError
              ? { message: shipment.bookingError, retryable: shipment.bookingRetryable === 1 }
              : null,
          }
        : null,
    };
  });
  return { rows, hasNext: orders.length > PAGE_SIZE };
}
