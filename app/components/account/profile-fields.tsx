import type { Profile } from "#server/accounts/accounts.schemas.ts";
import { TextField } from "../ui/text-field.tsx";

/** The profile's rows, in the order the Profile screen lists them. */
export const PROFILE_ROWS = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone Number", type: "tel", autoComplete: "tel" },
  { name: "address", label: "Address", type: "text", autoComplete: "street-address" },
] as const;

/**
 * The profile's editable fields, for the inline edit on /profile and for /profileform alike, with
 * the current password that a change of e-mail asks for.
 */
export function ProfileFields({ profile, errors }: { profile: Profile; errors: Record<string, string> }) {
  return (
    <>
      {PROFILE_ROWS.map((row) => (
        <TextField
          key={row.name}
          name={row.name}
          label={row.label}
          type={row.type}
          autoComplete={row.autoComplete}
          defaultValue={profile[row.name] ?? ""}
          error={errors[row.name]}
        />
      ))}
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
