import { useEffect, useState } from "react";
import { Form } from "react-router";
import { SHOP_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { type OrderStatus, STATUS_LABELS } from "#core/order-status.ts";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { SelectField, TextField } from "../ui/text-field.tsx";

type Failure = { message: string; fieldErrors?: Record<string, string> } | undefined;

const LABELS = {
  to: "Status",
  courier: "Courier",
  trackingNumber: "Tracking number",
  expectedDelivery: "Expected delivery",
  reason: "Reason for cancelling",
};

const REASONS = Object.entries(SHOP_CANCEL_REASONS).map(([value, label]) => ({ value, label }));

/**
 * The status select, with what the buyer's mail needs for the move chosen: the shipment for
 * Shipped, a reason for Cancelled, nothing else. A plain form post, so it works before JavaScript
 * loads; until then every field the order's moves could need shows, and the server asks only for
 * those of the move sent.
 */
export function StatusChangeForm(props: {
  from: OrderStatus;
  choices: readonly OrderStatus[];
  expectedDefault: string;
  failure: Failure;
}) {
  const errors = props.failure?.fieldErrors ?? {};
  const [chosen, setChosen] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const asks = (status: OrderStatus) => props.choices.includes(status) && (!hydrated || chosen === status);
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4" key={props.from} noValidate>
      <FormError message={props.failure?.message} fieldErrors={errors} labels={LABELS} />
      <input type="hidden" name="from" value={props.from} />
      <SelectField
        name="to"
        label="Status"
        placeholder="Select Status"
        defaultValue=""
        onChange={(event) => setChosen(event.target.value)}
        options={props.choices.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        error={errors.to}
      />
      {asks("shipped") ? <ParcelFields errors={errors} expectedDefault={props.expectedDefault} /> : null}
      {asks("cancelled") ? (
        <SelectField
          name="reason"
          label={LABELS.reason}
          hint="The buyer's mail gives it."
          placeholder="Choose a reason"
          options={REASONS}
          defaultValue=""
          error={errors.reason}
        />
      ) : null}
      <div>
        <SubmitButton label="Update Order Status" pendingLabel="Updating…" />
      </div>
    </Form>
  );
}

/** What the buyer's mail gives of a shipped parcel: the courier, the tracking number and the expected day. */
function ParcelFields({ errors, expectedDefault }: { errors: Record<string, string>; expectedDefault: string }) {
  return (
    <fieldset className="grid gap-4 rounded-md border border-zinc-200 p-4 sm:grid-cols-3 dark:border-zinc-700">
      <legend className="px-1 text-sm font-medium">The parcel (the buyer's mail gives these)</legend>
      <TextField name="courier" label={LABELS.courier} autoComplete="off" error={errors.courier} />
      <TextField name="trackingNumber" label={LABELS.trackingNumber} autoComplete="off" error={errors.trackingNumber} />
      <TextField
        name="expectedDelivery"
        label={LABELS.expectedDelivery}
        type="date"
        defaultValue={expectedDefault}
        error={errors.expectedDelivery}
      />
    </fieldset>
  );
}
