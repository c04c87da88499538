import { Form, useFetcher } from "react-router";
import { formatShopDateTime, INDIA_OFFSET_MS } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { paymentWords } from "#core/payment-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import type { AdminOrderWithMoney, MoneyEvent } from "#server/payments/money-story.ts";
import { TextField } from "../ui/text-field.tsx";

type SaveResult = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };

/**
 * The order's money in one list, oldest first: the gateway's order, payments and failures,
 * refunds, cash collected, the invoice and the credit note, with amounts and times. What needs a
 * look (a payment of the wrong amount) is marked. A cash order that has shipped can be marked as
 * collected here.
 */
export function OrderMoneyTimeline({ order }: { order: AdminOrderWithMoney }) {
  return (
    <section className="card p-4" aria-labelledby="money-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="money-heading" className="text-lg font-semibold">
          Money
        </h2>
        <p className="text-sm" data-testid="admin-payment-status">
          {paymentWords(order.payment.method, order.payment.label)}
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
            Cash collected ({formatInr(amountToPay(order))})
          </button>
        </Form>
      ) : null}
      {order.canRecordRemittance ? <RemittanceForm order={order} /> : null}
    </section>
  );
}

/**
 * The courier paid the cash it collected over to the shop: the day and the courier's reference
 * (its UTR or remittance batch), from the courier's remittance report.
 */
function RemittanceForm({ order }: { order: AdminOrderWithMoney }) {
  const fetcher = useFetcher<SaveResult>();
  const failure = fetcher.data?.ok === false ? fetcher.data : undefined;
  const today = new Date(Date.now() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-col gap-3" aria-labelledby="remittance-heading">
      <input type="hidden" name="intent" value="cash-remitted" />
      <h3 id="remittance-heading" className="font-semibold">
        Cash remitted by the courier
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The courier holds {formatInr(amountToPay(order))} of this order until it pays it over. Enter its remittance from
        the courier&apos;s report.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="remitted-on"
          name="remittedOn"
          label="Remitted on"
          type="date"
          defaultValue={today}
          max={today}
          required
          error={failure?.fieldErrors?.remittedOn}
        />
        <TextField
          id="remittance-reference"
          name="reference"
          label="Remittance reference (UTR)"
          required
          maxLength={60}
          autoComplete="off"
          error={failure?.fieldErrors?.reference}
        />
      </div>
      {failure?.message && !failure.fieldErrors ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure.message}
        </p>
      ) : null}
      <button type="submit" className="btn-gold self-start" disabled={fetcher.state !== "idle"}>
        Record remittance
      </button>
    </fetcher.Form>
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
