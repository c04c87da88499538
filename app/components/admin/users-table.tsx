import { useFetcher } from "react-router";
import { formatMobile, isIndianMobile } from "#core/phone.ts";
import type { AdminUserRow } from "#server/admin/admin.schemas.ts";
import { ConfirmAction } from "../ui/confirm-action.tsx";
import { AdminTable } from "./admin-table.tsx";

type Row = AdminUserRow;

export function UsersTable({ rows, firstNumber, adminId }: { rows: Row[]; firstNumber: number; adminId: string }) {
  return (
    <AdminTable
      caption="Users"
      headings={["S.No", "Name", "Email", "Uid", "Role", "Points spendable · pending", "Disabled"]}
    >
      {rows.map((row, index) => (
        <UserRow key={row.id} row={row} number={firstNumber + index} isSelf={row.id === adminId} />
      ))}
    </AdminTable>
  );
}

/** The user's e-mail (none for an account made by mobile number), and their verified number under it. */
function ContactCell({ email, mobile }: { email: string | null; mobile: string | null }) {
  return (
    <td className="px-2 py-2">
      {email ?? "—"}
      {mobile && isIndianMobile(mobile) ? (
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">{formatMobile(mobile)}</span>
      ) : null}
    </td>
  );
}

/**
 * The Disabled switch: disabling ends the user's sessions at once, so it asks first; enabling
 * does not. An admin cannot disable themself.
 */
function UserRow({ row, number, isSelf }: { row: Row; number: number; isSelf: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("disabled");
  const disabled = pending === undefined || pending === null ? row.disabled : pending === "1";
  const look = {
    className: `relative h-6 w-11 rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${disabled ? "bg-red-600" : "bg-zinc-400 dark:bg-zinc-600"}`,
    children: (
      <span
        className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform ${disabled ? "translate-x-5" : ""}`}
      />
    ),
  };
  const fields = { intent: "toggle-user", userId: row.id, disabled: disabled ? "0" : "1" };
  const who = row.email ?? row.name;
  return (
    <tr className="border-b border-zinc-100 dark:border-zinc-800" data-testid="admin-user-row">
      <td className="px-2 py-2">{number}</td>
      <td className="px-2 py-2">{row.name}</td>
      <ContactCell email={row.email} mobile={row.mobile} />
      <td className="px-2 py-2 font-mono text-xs">{row.id}</td>
      <td className="px-2 py-2 capitalize">{row.role}</td>
      <td className="px-2 py-2 whitespace-nowrap" data-testid="user-points">
        {row.pointsBalance} spendable
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">{row.pointsPending} pending</span>
      </td>
      <td className="px-2 py-2">
        {disabled ? (
          <fetcher.Form method="post">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" role="switch" aria-checked={true} aria-label={`Disabled: ${who}`} {...look} />
          </fetcher.Form>
        ) : (
          <ConfirmAction
            fetcher={fetcher}
            fields={fields}
            title={`Disable ${who}?`}
            message="They are signed out at once on every device and cannot log in until you enable them again. They are told why when they next visit."
            confirmLabel="Disable"
            trigger={{
              label: `Disabled: ${who}`,
              disabled: isSelf,
              switchOn: false,
              ...look,
            }}
          />
        )}
      </td>
    </tr>
  );
}
