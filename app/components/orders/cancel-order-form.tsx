import { CUSTOMER_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { useT } from "../../locales/i18n.ts";
import { Form } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { SelectField } from "../ui/text-field.tsx";

/**
 * The buyer cancels an order that has not shipped, giving a reason from a short list. Folded away
 * until asked for, so that nobody cancels by a slip; a plain form post, working before JavaScript.
 */
export function CancelOrderForm({ failure }: { failure?: { message: string; fieldErrors?: Record<string, string> } }) {
  const t = useT();
  // The reasons' words are the shop's (core/cancel-reasons.ts), said in the page's language.
  const reasons = Object.entries(CUSTOMER_CANCEL_REASONS).map(([value, label]) => ({
    value,
    label: serviceText(t, label),
  }));
  return (
    <details open={Boolean(failure)} className="card p-4 text-sm">
      <summary className="cursor-pointer font-semibold">{t("cancel.summary")}</summary>
      <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <p className="text-zinc-700 dark:text-zinc-300">{t("cancel.intro")}</p>
        <FormError message={failure?.message} fieldErrors={failure?.fieldErrors} labels={{ reason: t("cancel.why") }} />
        <SelectField
          name="reason"
          label={t("cancel.why")}
          placeholder={t("cancel.choose")}
          options={reasons}
          defaultValue=""
          error={failure?.fieldErrors?.reason}
        />
        <div>
          <SubmitButton
            label={t("cancel.button")}
            pendingLabel={t("cancel.pending")}
            className="btn bg-red-700 text-white hover:bg-red-800"
          />
        </div>
      </Form>
    </details>
  );
}
