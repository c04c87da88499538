import { CUSTOMER_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { Form } from "../../locales/link.tsx";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { SelectField } from "../ui/text-field.tsx";

const REASONS = Object.entries(CUSTOMER_CANCEL_REASONS).map(([value, label]) => ({ value, label }));

/**
 * The buyer cancels an order that has not shipped, giving a reason from a short list. Folded away
 * until asked for, so that nobody cancels by a slip; a plain form post, working before JavaScript.
 */
export function CancelOrderForm({ failure }: { failure?: { message: string; fieldErrors?: Record<string, string> } }) {
  return (
    <details open={Boolean(failure)} className="card p-4 text-sm">
      <summary className="cursor-pointer font-semibold">Cancel this order</summary>
      <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <p className="text-zinc-700 dark:text-zinc-300">
          You can cancel until the order ships. Nothing is due, any points you used come back, and we send you the
          credit note.
        </p>
        <FormError
          message={failure?.message}
          fieldErrors={failure?.fieldErrors}
          labels={{ reason: "Why are you cancelling?" }}
        />
        <SelectField
          name="reason"
          label="Why are you cancelling?"
          placeholder="Choose a reason"
          options={REASONS}
          defaultValue=""
          error={failure?.fieldErrors?.reason}
        />
        <div>
          <SubmitButton
            label="Cancel order"
            pendingLabel="Cancelling…"
            className="btn bg-red-700 text-white hover:bg-red-800"
          />
        </div>
      </Form>
    </details>
  );
}
