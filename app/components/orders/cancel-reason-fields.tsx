import { CUSTOMER_CANCEL_REASON_CODES } from "#core/cancel-reasons.ts";
import { useT } from "../../locales/i18n.ts";
import { SubmitButton } from "../ui/submit-button.tsx";
import { SelectField } from "../ui/text-field.tsx";

/**
 * Why the buyer cancels, from the shop's short list (core/cancel-reasons.ts), and the red button
 * that cancels: on the order's page and on a cash order's confirmation page, each in its own words.
 */
export function CancelReasonFields(props: {
  words: { why: string; choose: string; button: string; pending: string };
  error: string | undefined;
}) {
  const t = useT();
  const reasons = CUSTOMER_CANCEL_REASON_CODES.map((value) => ({ value, label: t(`cancel.reason.${value}`) }));
  return (
    <>
      <SelectField
        name="reason"
        label={props.words.why}
        placeholder={props.words.choose}
        options={reasons}
        defaultValue=""
        error={props.error}
      />
      <div>
        <SubmitButton
          label={props.words.button}
          pendingLabel={props.words.pending}
          className="btn bg-red-700 text-white hover:bg-red-800"
        />
      </div>
    </>
  );
}
