import { Form } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { MoneyEvent } from "#server/orders/money-story.ts";
import type { AdminOrderDetail } from "#server/orders/orders.schemas.ts";

/**
 * The order's money in one list, oldest first: the gateway's order, payments and failures,
 * refunds, cash collected, the invoice and the credit note, with amounts and times. What needs a
 * look (a payment of the wrong amount) is marked. A cash order that has shipped can be marked as
 * collected here.
 */
export function MoneyStory({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="card p-6" aria-labelledby="money-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="money-heading" className="text-xl font-semibold">
          Money
        </h2>
        <p className="text-sm" data-testid="admin-payment-status">
          {order.payment.method === "online" ? "Online" : "Cash on delivery"} · {order.payment.label}
        </p>
      </div>
      {order.money.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">No money has moved on this order yet.</p>
      ) : (
        <ol
          className="mt-4 flex flex-col divide-y divide-zinc-200 text-sm dark:divide-zinc-800"
          data-testid="money-story"
        >
          {order.money.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once, never reordered.
            <MoneyRow key={index} event={event} />
          ))}
        </ol>
      )}
      {order.canCollectCash ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="cash-collected" />
          <button type="submit" className="btn-gold">
            Cash collected ({formatInr(order.total)})
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function signed(amount: number | null): string {
  if (amount === null) return "";
  return amount < 0 ? `−${formatInr(-amount)}` : formatInr(amount);
}

function MoneyRow({ event }: { event: MoneyEvent }) {
  const flagged = event.flagged ? "rounded bg-red-50 px-2 dark:bg-red-950" : "";
  return (
    <li className={`grid gap-1 py-2 sm:grid-cols-[11rem_1fr_auto] sm:items-baseline sm:gap-4 ${flagged}`}>
      <span className="text-zinc-600 dark:text-zinc-400">{formatShopDateTime(event.at)}</span>
      <span>
        <span className={event.flagged ? "font-semibold text-red-800 dark:text-red-200" : "font-medium"}>
          {event.flagged ? "Needs a look: " : ""}
          {event.label}
        </span>
        {event.reference ? (
          <span className="block break-all text-xs text-zinc-600 dark:text-zinc-400">{event.reference}</span>
        ) : null}
        {event.note ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{event.note}</span> : null}
      </span>
      <span className="font-semibold tabular-nums sm:text-right">{signed(event.amount)}</span>
    </li>
  );
}
