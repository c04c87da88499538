export type OrderStatus = "placed" | "shipped" | "delivered" | "cancelled" | "returned-to-origin";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  "returned-to-origin": "Returned to origin",
};

/**
 * The order lifecycle, in one place: Placed → Shipped → Delivered, and Placed or Shipped →
 * Cancelled; a shipped cash-on-delivery parcel the buyer refused comes back: Shipped → Returned to
 * origin. Delivered, Cancelled and Returned to origin are final; any change not listed here is refused.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled", "returned-to-origin"],
  delivered: [],
  cancelled: [],
  "returned-to-origin": [],
};

export const ORDER_STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];

/** Orders that ended without a sale: their goods came back to the shelf and their invoice was reversed. */
export const UNSOLD_STATUSES: readonly OrderStatus[] = ["cancelled", "returned-to-origin"];

/**
 * The statuses the administrator may move an order to: the table's, except that only a cash order
 * comes back as refused at the door (a paid one is cancelled, which refunds it).
 */
export function statusChoices(order: { status: OrderStatus; paymentMethod: string }): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[order.status].filter((to) => to !== "returned-to-origin" || order.paymentMethod === "cod");
}
