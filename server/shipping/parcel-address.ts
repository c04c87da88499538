import { stateByCode } from "#core/indian-states.ts";
import type { OrderRow } from "../processes/order-process.ts";

/** Where a parcel goes and whom the courier calls, as the order was placed: for bookings and labels. */
export function parcelAddress(order: OrderRow) {
  return {
    name: order.name,
    address: order.address,
    city: order.city,
    state: stateByCode(order.stateCode)?.name ?? "",
    pincode: order.pincode,
    phone: order.phone,
  };
}
