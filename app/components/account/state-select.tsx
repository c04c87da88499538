import { INDIAN_STATES, stateByCode } from "#core/indian-states.ts";
import { messages as english } from "../../locales/en-IN.ts";
import { type MessageId, type Translate, useT } from "../../locales/i18n.ts";
import { SelectField } from "../ui/text-field.tsx";

/** A state's or union territory's name in the page's language, by its GST state code. */
export function stateName(t: Translate, code: string): string {
  const id = `state.${code}`;
  return id in english ? t(id as MessageId) : (stateByCode(code)?.name ?? code);
}

/** State/UT: the 36 states and union territories, by GST state code (in the order of their English names). */
export function StateSelect({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const t = useT();
  return (
    <SelectField
      name="stateCode"
      label={t("checkout.state")}
      placeholder={t("checkout.selectState")}
      options={INDIAN_STATES.map((state) => ({ value: state.code, label: stateName(t, state.code) }))}
      autoComplete="address-level1"
      defaultValue={defaultValue}
      error={error}
      required
    />
  );
}
