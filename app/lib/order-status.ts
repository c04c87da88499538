export type OrderStatus = "placed" | "shipped" | "delivered" | "cancelled";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
