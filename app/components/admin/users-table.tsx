import { useFetcher } from "react-router";
import type { AdminUserRow } from "#server/admin/admin.schemas.ts";
import { TableHead } from "./table-head.tsx";

type Row = AdminUserRow;

export function UsersTable({ rows, firstNumber, adminId }: { rows: Row[]; firstNumber: number; adminId: string }) {
  return (
    <table className="w-full min-w-[48rem] text-left text-sm">
      <caption className="sr-only">Users</caption>
      <TableHead headings={["S.No", "Name", "Email", "Uid", "Role", "Points", "Disabled"]} />
      <tbody>
        {rows.map((row, index) => (
          <UserRow key={row.id} row={row} number={firstNumber + index} isSelf={row.id === adminId} />
        ))}
      </tbody>
    </table>
  );
}

/** The Disabled toggle: disabling ends the user's sessions at once. An admin cannot disable themself. */
function UserRow({ row, number, isSelf }: { row: Row; number: number; isSelf: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("disabled");
  const disabled = pending === undefined || pending === null ? row.disabled : pending === "1";
  return (
    <tr className="border-b border-zinc-100 dark:border-zinc-800" data-testid="admin-user-row">
      <td className="px-2 py-2">{number}</td>
      <td className="px-2 py-2">{row.name}</td>
      <td className="px-2 py-2">{row.email}</td>
      <td className="px-2 py-2 font-mono text-xs">{row.id}</td>
      <td className="px-2 py-2 capitalize">{row.role}</td>
      <td className="px-2 py-2">{row.pointsBalance}</td>
      <td className="px-2 py-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="toggle-user" />
          <input type="hidden" name="userId" value={row.id} />
          <input type="hidden" name="disabled" value={disabled ? "0" : "1"} />
          <button
            type="submit"
            role="switch"
            aria-checked={disabled}
            aria-label={`Disabled: ${row.email}`}
            disabled={isSelf}
            title={isSelf ? "You cannot disable your own account" : undefined}
            className={`relative h-6 w-11 rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${disabled ? "bg-red-500" : "bg-zinc-300 dark:bg-zinc-700"}`}
          >
            <span
              className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform ${disabled ? "translate-x-5" : ""}`}
            />
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
