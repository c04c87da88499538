import { Form, Link } from "react-router";
import { formatDeliveryDay, formatShopDateTime } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { OpenNdr } from "#server/shipping/ndr.service.ts";
import { SubmitButton } from "../ui/submit-button.tsx";

/** An answer given, in words: "Deliver again on Fri, 4 Dec (buyer)". */
function requestWords(request: OpenNdr["requests"][number]): string {
  const what =
    request.action === "return"
      ? "Return to us"
      : request.deliverOn
        ? `Deliver again on ${formatDeliveryDay(request.deliverOn)}`
        : "Deliver again to new details";
  const who = request.askedBy === "buyer" ? "the buyer" : request.askedBy.replace(/^admin:/, "");
  return `${what} (${who}, ${request.status === "sent" ? "sent" : "sending"})`;
}

/**
 * The parcels whose last delivery attempt failed, oldest first: each attempt with the courier's
 * words, the answers given, how long is left to answer, and the administrator's own answer.
 */
export function NdrList({ rows, days, now }: { rows: readonly OpenNdr[]; days: readonly string[]; now: number }) {
  if (rows.length === 0) return <p className="card p-6 text-sm">No failed deliveries are waiting for an answer.</p>;
  return (
    <ul className="flex flex-col gap-4" data-testid="ndr-list">
      {rows.map((row) => (
        <li key={row.id} className="card flex flex-col gap-3 p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link to={`/admin/updateorderstatus?id=${row.orderId}`} className="font-semibold underline">
              Order {row.orderNumber}
            </Link>
            <span className="font-mono break-all">
              {row.courierName} · {row.awb}
            </span>
          </div>
          <p>
            {row.name}, {row.city} {row.pincode} · Mobile {row.phone}
            {row.paymentMethod === "cod" ? ` · COD ${formatInr(row.codAmount)}` : " · Prepaid"}
          </p>
          <ol className="flex flex-col gap-1">
            {row.attemptsSeen.map((attempt, index) => (
              <li key={attempt.at}>
                Attempt {index + 1}, {formatShopDateTime(attempt.at)}: {attempt.activity ?? "not delivered"}
                {attempt.location ? ` (${attempt.location.replaceAll("_", " ")})` : ""}
              </li>
            ))}
          </ol>
          {row.requests.length > 0 ? (
            <ul className="flex flex-col gap-1 text-green-800 dark:text-green-300">
              {row.requests.map((request) => (
                <li key={request.at}>{requestWords(request)}</li>
              ))}
            </ul>
          ) : (
            <AnswerForms row={row} days={days} now={now} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** Deliver again on a day, or bring the parcel back; or, once the window is over, nothing to do here. */
function AnswerForms({ row, days, now }: { row: OpenNdr; days: readonly string[]; now: number }) {
  if (now > row.until) return <p>The time to answer has passed: the courier tries again by itself.</p>;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <p className="w-full text-zinc-700 dark:text-zinc-300">Answer by {formatShopDateTime(row.until)}.</p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="ndr" />
        <input type="hidden" name="shipmentId" value={row.id} />
        <input type="hidden" name="choice" value="deliver-again" />
        <label className="flex flex-col gap-1">
          <span className="label">Deliver again on</span>
          <select name="deliverOn" className="field" defaultValue={days[0]}>
            {days.map((day) => (
              <option key={day} value={day}>
                {formatDeliveryDay(day)}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton label="Deliver again" pendingLabel="Sending…" intent="ndr" />
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="ndr" />
        <input type="hidden" name="shipmentId" value={row.id} />
        <input type="hidden" name="choice" value="cancel" />
        <SubmitButton label="Return to us" pendingLabel="Sending…" className="btn-outline" intent="ndr" />
      </Form>
    </div>
  );
}
