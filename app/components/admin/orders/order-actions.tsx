import { Form } from "react-router";
import { SHOP_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { formatShopDateTime } from "#core/dates.ts";
import type { AdminOrderPage } from "#server/admin/order-page.service.ts";
import { SubmitButton } from "../../ui/submit-button.tsx";

const REASONS = Object.entries(SHOP_CANCEL_REASONS);

/** Where the order stands on the packing bench, and the steps its state allows the member's role. */
export function OrderActions({ page }: { page: AdminOrderPage }) {
  const { actions, marks } = page;
  const any = actions.confirm || actions.pack || actions.ship || actions.cancel;
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="order-steps">
      <h2 id="order-steps" className="text-lg font-semibold">
        Next steps
      </h2>
      <ul className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="order-marks">
        {page.needsConfirmation ? <li>Cash on delivery: confirm the order with the buyer before packing.</li> : null}
        {marks.confirmedAt ? (
          <li>
            Confirmed {formatShopDateTime(marks.confirmedAt)} by {marks.confirmedBy}
          </li>
        ) : null}
        {marks.packedAt ? (
          <li>
            Packed {formatShopDateTime(marks.packedAt)} by {marks.packedBy}
          </li>
        ) : null}
      </ul>
      {any ? (
        <div className="flex flex-wrap items-end gap-2">
          {actions.confirm ? <StepButton intent="confirm" label="Confirm" /> : null}
          {actions.pack ? <StepButton intent="pack" label="Mark as packed" /> : null}
          {actions.ship ? <StepButton intent="ship" label="Mark as shipped" /> : null}
          {actions.cancel ? <CancelForm /> : null}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing for you to do on this order now.</p>
      )}
    </section>
  );
}

function StepButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton label={label} pendingLabel="Saving…" intent={intent} className="btn-primary" />
    </Form>
  );
}

/** Cancelling asks why: the buyer's mail says it. */
function CancelForm() {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="cancel" />
      <label htmlFor="cancel-reason" className="sr-only">
        Reason for cancelling
      </label>
      <select id="cancel-reason" name="reason" required defaultValue="" className="field max-w-64">
        <option value="">Reason for cancelling…</option>
        {REASONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <SubmitButton label="Cancel order" pendingLabel="Cancelling…" intent="cancel" className="btn-outline" />
    </Form>
  );
}
