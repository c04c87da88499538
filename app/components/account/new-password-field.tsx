import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { TextField } from "../ui/text-field.tsx";

/**
 * A password being chosen (sign-up, a reset, joining the staff), with the shop's rules under it in
 * the page's language; the browser may offer to make one up (`new-password`).
 */
export function NewPasswordField(props: {
  label: string;
  policy: readonly string[];
  error: string | undefined;
  minLength?: number;
  maxLength?: number;
}) {
  const t = useT();
  const rules = props.policy.map((rule) => serviceText(t, rule)).join(", ");
  return (
    <TextField
      name="password"
      label={props.label}
      type="password"
      autoComplete="new-password"
      required
      minLength={props.minLength}
      maxLength={props.maxLength}
      hint={t("auth.passwordHint", { rules })}
      error={props.error}
    />
  );
}
