export type OrderStatus = "placed" | "shipped" | "delivered" | "cancelled";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/**
 * The order lifecycle, in one place: Placed → Shipped → Delivered, and Placed or Shipped →
 * Cancelled. Delivered and Cancelled are final; any change not listed here is refused.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

export const ORDER_STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];
