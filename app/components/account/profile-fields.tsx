import { type ChangeEvent, useEffect, useState } from "react";
import type { Profile } from "#server/accounts/accounts.schemas.ts";
import { fillFromPincode, usePincodeTypedEarly } from "../../lib/pincode-fill.ts";
import { type Translate, useT } from "../../locales/i18n.ts";
import { TextField } from "../ui/text-field.tsx";
import { StateSelect, stateName } from "./state-select.tsx";

/** The profile's rows (each label a message), in the order the Profile screen lists them; the last four are the saved address. */
export const PROFILE_ROWS = [
  { name: "name", label: "profile.name", type: "text", autoComplete: "name" },
  { name: "email", label: "profile.email", type: "email", autoComplete: "email" },
  { name: "phone", label: "profile.phone", type: "tel", autoComplete: "tel" },
  { name: "address", label: "profile.address", type: "text", autoComplete: "street-address" },
  { name: "city", label: "profile.city", type: "text", autoComplete: "address-level2" },
  { name: "stateCode", label: "checkout.state", type: "select", autoComplete: "address-level1" },
  { name: "pincode", label: "profile.pincode", type: "text", autoComplete: "postal-code" },
] as const;

/** A row's value as the Profile screen shows it (the state by its name, in the page's language). */
export function profileValue(
  t: Translate,
  profile: Profile,
  name: (typeof PROFILE_ROWS)[number]["name"],
): string | null {
  const value = profile[name];
  return name === "stateCode" && value ? stateName(t, value) : value;
}

/** A pincode is typed on the number pad, and fills in the city and state once complete. */
const PINCODE_INPUT = { inputMode: "numeric", maxLength: 6, onChange: fillFromPincode } as const;

export const PASSWORD_FOR_EMAIL = "Please enter your current password to change your e-mail.";
const PASSWORD_ID = "field-currentPassword";

/**
 * The profile's editable fields, for the inline edit on /profile and for /profileform alike, with
 * the current password that a change of e-mail asks for. Once the e-mail differs from the saved
 * one, the password is asked for on the form: the field says so and is required, and a form sent
 * without it stops before it leaves the browser (the server refuses it all the same). An account
 * made by phone, with no e-mail yet, is asked for none: it has no password to give.
 */
export function ProfileFields({ profile, errors }: { profile: Profile; errors: Record<string, string> }) {
  const t = useT();
  const [emailChanged, setEmailChanged] = useState(false);
  const missing = useStopWithoutPassword(profile.email);
  usePincodeTypedEarly(profile.pincode ?? "");
  const onEmailChange = (event: ChangeEvent<HTMLInputElement>) =>
    setEmailChanged(event.currentTarget.value.trim().toLowerCase() !== profile.email.trim().toLowerCase());
  // An account made by phone adds its first e-mail: it knows no password, so a recent sign-in stands for one.
  const emailProps = profile.hasEmail ? { onChange: onEmailChange } : { hint: t("profile.firstEmailHint") };
  return (
    <>
      {PROFILE_ROWS.map((row) =>
        row.type === "select" ? (
          <StateSelect key={row.name} defaultValue={profile.stateCode ?? ""} error={errors.stateCode} />
        ) : (
          <TextField
            key={row.name}
            name={row.name}
            label={t(row.label)}
            type={row.type}
            autoComplete={row.autoComplete}
            defaultValue={profile[row.name] ?? ""}
            error={errors[row.name]}
            {...(row.name === "pincode" ? PINCODE_INPUT : row.name === "email" ? emailProps : {})}
          />
        ),
      )}
      {profile.hasEmail ? <CurrentPassword errors={errors} emailChanged={emailChanged} missing={missing} /> : null}
    </>
  );
}

/** The current password, which a change of e-mail asks for. */
function CurrentPassword(props: {
  errors: Record<string, string>;
  emailChanged: boolean;
  missing: { shown: boolean; clear: () => void };
}) {
  const { errors, emailChanged, missing } = props;
  const t = useT();
  return (
    <TextField
      id={PASSWORD_ID}
      name="currentPassword"
      label={t("acct.currentPassword")}
      type="password"
      autoComplete="current-password"
      required={emailChanged}
      hint={emailChanged ? t("profile.passwordNeeded") : t("profile.passwordNeededOnly")}
      error={errors.currentPassword ?? (missing.shown && emailChanged ? PASSWORD_FOR_EMAIL : undefined)}
      onChange={missing.clear}
    />
  );
}

/** Stops the profile's form before it is sent when the e-mail changed and no password was given. */
function useStopWithoutPassword(savedEmail: string) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const password = document.getElementById(PASSWORD_ID) as HTMLInputElement | null;
    const form = password?.form;
    if (!password || !form) return;
    const stopWithoutPassword = (event: SubmitEvent) => {
      const email = form.elements.namedItem("email") as HTMLInputElement | null;
      const changed = (email?.value ?? "").trim().toLowerCase() !== savedEmail.trim().toLowerCase();
      if (!changed || password.value !== "") return;
      // React Router's form does not send an event whose default was prevented.
      event.preventDefault();
      setShown(true);
      password.focus();
    };
    form.addEventListener("submit", stopWithoutPassword);
    return () => form.removeEventListener("submit", stopWithoutPassword);
  }, [savedEmail]);
  return { shown, clear: () => setShown(false) };
}
