import { stateByCode } from "#core/indian-states.ts";
import type { Profile } from "#server/accounts/accounts.schemas.ts";
import { TextField } from "../ui/text-field.tsx";
import { StateSelect } from "./state-select.tsx";

/** The profile's rows, in the order the Profile screen lists them; the last four are the saved address. */
export const PROFILE_ROWS = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone Number", type: "tel", autoComplete: "tel" },
  { name: "address", label: "Address", type: "text", autoComplete: "street-address" },
  { name: "city", label: "City", type: "text", autoComplete: "address-level2" },
  { name: "stateCode", label: "State/UT", type: "select", autoComplete: "address-level1" },
  { name: "pincode", label: "Pincode", type: "text", autoComplete: "postal-code" },
] as const;

/** A row's value as the Profile screen shows it (the state by its name). */
export function profileValue(profile: Profile, name: (typeof PROFILE_ROWS)[number]["name"]): string | null {
  const value = profile[name];
  return name === "stateCode" && value ? (stateByCode(value)?.name ?? value) : value;
}

/**
 * The profile's editable fields, for the inline edit on /profile and for /profileform alike, with
 * the current password that a change of e-mail asks for.
 */
export function ProfileFields({ profile, errors }: { profile: Profile; errors: Record<string, string> }) {
  return (
    <>
      {PROFILE_ROWS.map((row) =>
        row.type === "select" ? (
          <StateSelect key={row.name} defaultValue={profile.stateCode ?? ""} error={errors.stateCode} />
        ) : (
          <TextField
            key={row.name}
            name={row.name}
            label={row.label}
            type={row.type}
            autoComplete={row.autoComplete}
            inputMode={row.name === "pincode" ? "numeric" : undefined}
            maxLength={row.name === "pincode" ? 6 : undefined}
            defaultValue={profile[row.name] ?? ""}
            error={errors[row.name]}
          />
        ),
      )}
      <TextField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Needed only when you change your e-mail."
        error={errors.currentPassword}
      />
    </>
  );
}
