import { INDIAN_STATES } from "#core/indian-states.ts";
import { SelectField } from "../ui/text-field.tsx";

const OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

/** State/UT: the 36 states and union territories, by GST state code. */
export function StateSelect({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <SelectField
      name="stateCode"
      label="State/UT"
      placeholder="Select state or union territory"
      options={OPTIONS}
      autoComplete="address-level1"
      defaultValue={defaultValue}
      error={error}
      required
    />
  );
}
