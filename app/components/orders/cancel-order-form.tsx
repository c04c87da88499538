import { useT } from "../../locales/i18n.ts";
import { Form } from "../../locales/link.tsx";
import { FormError } from "../ui/form-error.tsx";
import { CancelReasonFields } from "./cancel-reason-fields.tsx";

/**
 * The buyer cancels an order that has not shipped, giving a reason from a short list. Folded away
 * until asked for, so that nobody cancels by a slip; a plain form post, working before JavaScript.
 */
export function CancelOrderForm({ failure }: { failure?: { message: string; fieldErrors?: Record<string, string> } }) {
  const t = useT();
  return (
    <details open={Boolean(failure)} className="card p-4 text-sm">
      <summary className="cursor-pointer font-semibold">{t("cancel.summary")}</summary>
      <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <p className="text-zinc-700 dark:text-zinc-300">{t("cancel.intro")}</p>
        <FormError message={failure?.message} fieldErrors={failure?.fieldErrors} labels={{ reason: t("cancel.why") }} />
        <CancelReasonFields
          words={{
            why: t("cancel.why"),
            choose: t("cancel.choose"),
            button: t("cancel.button"),
            pending: t("cancel.pending"),
          }}
          error={failure?.fieldErrors?.reason}
        />
      </Form>
    </details>
  );
}
