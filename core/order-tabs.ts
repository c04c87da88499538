import { formatCount } from "./numbers.ts";

/*
 * The order index's tabs (record 45): saved filters over the order's state, its marks (confirmed,
 * packed) and its parcel's state, in the order a day's work goes. A new order is under To confirm
 * (cash not yet confirmed with the buyer) or To pack (paid, or cash confirmed); an online order
 * still waiting for its payment is under All only.
 */

export const ORDER_TABS = [
  "to-confirm",
  "to-pack",
  "to-ship",
  "in-transit",
  "delivery-failed",
  "delivered",
  "returns",
  "cancelled",
  "all",
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  "to-confirm": "To confirm",
  "to-pack": "To pack",
  "to-ship": "To ship",
  "in-transit": "In transit",
  "delivery-failed": "Delivery failed",
  delivered: "Delivered",
  returns: "Returns",
  cancelled: "Cancelled",
  all: "All",
};

/** What each tab holds, as the page explains it. */
export const ORDER_TAB_HINTS: Record<OrderTab, string> = {
  "to-confirm": "Cash orders not yet confirmed with the buyer.",
  "to-pack": "Paid orders, and cash orders confirmed, waiting to be packed.",
  "to-ship": "Packed, waiting for the courier.",
  "in-transit": "With the courier, or shipped by hand.",
  "delivery-failed":
    "A delivery attempt failed, the parcel is on its way back or lost, or it is back and waits to be checked in.",
  delivered: "Delivered to the buyer.",
  returns: "Orders with a return or exchange under way.",
  cancelled: "Cancelled before delivery.",
  all: "Every order.",
};

/** The tabs of the packing bench: what a Packer sees. */
export const PACKING_TABS: readonly OrderTab[] = ["to-pack", "to-ship"];

/** Counts stop at this many: a tab of more says "10,000+" (counting every row would read them all). */
export const TAB_COUNT_CAP = 10_000;

/** A tab's count as the tab shows it. */
export function tabCountText(count: number): string {
  return count > TAB_COUNT_CAP ? `${formatCount(TAB_COUNT_CAP)}+` : formatCount(count);
}

export function isOrderTab(value: string): value is OrderTab {
  return (ORDER_TABS as readonly string[]).includes(value);
}

/**
 * The bulk actions of the index, each run as one job with a result per order. The three papers
 * are one PDF each, of the orders the job found printable (record 43's labels, labels each with
 * its packing slip, and the pick list).
 */
export const BULK_ACTIONS = [
  "confirm",
  "pack",
  "book",
  "ship",
  "cancel",
  "labels",
  "parcel-papers",
  "pick-list",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const PAPER_ACTIONS = ["labels", "parcel-papers", "pick-list"] as const satisfies readonly BulkAction[];
export type PaperAction = (typeof PAPER_ACTIONS)[number];

export function isPaperAction(action: string): action is PaperAction {
  return (PAPER_ACTIONS as readonly string[]).includes(action);
}

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  confirm: "Confirm",
  pack: "Mark as packed",
  book: "Book courier",
  ship: "Mark as shipped",
  cancel: "Cancel",
  labels: "Print labels",
  "parcel-papers": "Print labels and packing slips",
  "pick-list": "Print pick list",
};
