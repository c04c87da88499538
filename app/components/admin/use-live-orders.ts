import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { formatInr } from "#core/money.ts";
import { STATUS_LABELS } from "#core/order-status.ts";
import type { OrderEvent } from "#server/admin/admin.schemas.ts";
import { notify } from "../layout/toaster.tsx";

/** The shop's live feed of orders (server/http/admin-feed.ts). */
const FEED_PATH = "/admin/events";

function describeOrderEvent(event: OrderEvent): string {
  return event.from === null
    ? `New order ${event.orderNumber}: ${formatInr(event.total)} from ${event.name}`
    : `Order ${event.orderNumber} is now ${STATUS_LABELS[event.to]}`;
}

/**
 * Follows the orders placed or moved on, on any node, from the moment the page's data was read
 * (`after`): each one is a toast, and the page's data is read again, so the figures, the chart and
 * the Orders tab show it. A burst of orders costs one reload at a time. The browser reconnects by
 * itself after a drop, resuming after the last order it saw; once the session has ended the shop
 * refuses the stream and the page stops following. Returns the orders that arrived here, newest
 * first, so that the table can mark them.
 */
export function useLiveOrders(after: number): ReadonlySet<number> {
  const { state, revalidate } = useRevalidator();
  const [start] = useState(after);
  const [arrived, setArrived] = useState<ReadonlySet<number>>(() => new Set());
  const [unshown, setUnshown] = useState(0);

  useEffect(() => {
    const source = new EventSource(`${FEED_PATH}?after=${start}`);
    source.addEventListener("order", (message) => {
      const event = JSON.parse(message.data) as OrderEvent;
      void notify(event.from === null ? "success" : "info", describeOrderEvent(event));
      if (event.from === null) setArrived((before) => new Set(before).add(event.orderId));
      setUnshown((count) => count + 1);
    });
    return () => source.close();
  }, [start]);

  // One reload at a time: orders that arrive during a reload are shown by the next one.
  useEffect(() => {
    if (state === "idle" && unshown > 0) {
      setUnshown(0);
      void revalidate();
    }
  }, [state, unshown, revalidate]);
  return arrived;
}
