import { Form } from "react-router";
import { actorLabelText } from "#core/actor.ts";
import { formatShopDateTime } from "#core/dates.ts";
import type { AdminOrderPage } from "#server/admin/order-page.service.ts";
import { FormError } from "../../ui/form-error.tsx";
import { SubmitButton } from "../../ui/submit-button.tsx";

/** Where the order stands on the packing bench, and the steps its state allows the member's role. */
export function OrderActions({ page, failure }: { page: AdminOrderPage; failure?: string | undefined }) {
  const { actions, marks } = page;
  const any = actions.confirm || actions.pack || actions.ship;
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="order-steps">
      <h2 id="order-steps" className="text-lg font-semibold">
        Next steps
      </h2>
      <FormError message={failure} />
      <ul className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="order-marks">
        {page.needsConfirmation ? <li>Cash on delivery: confirm the order with the buyer before packing.</li> : null}
        {marks.confirmedAt ? (
          <li>
            Confirmed {formatShopDateTime(marks.confirmedAt)} by {actorLabelText(marks.confirmedBy ?? "")}
          </li>
        ) : null}
        {marks.packedAt ? (
          <li>
            Packed {formatShopDateTime(marks.packedAt)} by {actorLabelText(marks.packedBy ?? "")}
          </li>
        ) : null}
      </ul>
      {any ? (
        <div className="flex flex-wrap items-end gap-2">
          {actions.confirm ? <StepButton intent="confirm" label="Confirm" /> : null}
          {actions.pack ? <StepButton intent="pack" label="Mark as packed" /> : null}
          {actions.ship ? <StepButton intent="ship" label="Mark as shipped" /> : null}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {actions.manage
            ? "No packing step to take: the status form below moves the order."
            : "Nothing for you to do on this order now."}
        </p>
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
