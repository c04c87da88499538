import { INDIAN_STATES } from "#core/indian-states.ts";
import { useT } from "../../locales/i18n.ts";
import { SelectField } from "../ui/text-field.tsx";

const OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

/** State/UT: the 36 states and union territories, by GST state code. */
export function StateSelect({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const t = useT();
  return (
    <SelectField
      name="stateCode"
      label={t("checkout.state")}
      placeholder={t("checkout.selectState")}
      options={OPTIONS}
      autoComplete="address-level1"
      defaultValue={defaultValue}
      error={error}
      required
    />
  );
}
