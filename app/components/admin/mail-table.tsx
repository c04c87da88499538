import { useFetcher } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import type { OutboxEntry } from "#server/mail/mail.schemas.ts";
import { SubmitButton } from "../ui/submit-button.tsx";
import { AdminTable } from "./admin-table.tsx";

const STATES = {
  queued: { label: "Queued", tone: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100" },
  sending: { label: "Sending", tone: "bg-gold-100 text-gold-900 dark:bg-gold-900/40 dark:text-gold-100" },
  sent: { label: "Sent", tone: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" },
  failed: { label: "Failed", tone: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100" },
} as const;

/** The latest e-mails, newest first, with their state; a failed one shows why and can be sent again. */
export function MailTable({ rows }: { rows: OutboxEntry[] }) {
  return (
    <AdminTable caption="E-mails" headings={["Queued at", "To", "Subject", "State", "Tries", "Action"]}>
      {rows.map((row) => (
        <MailRow key={row.id} row={row} />
      ))}
    </AdminTable>
  );
}

function MailRow({ row }: { row: OutboxEntry }) {
  const fetcher = useFetcher();
  const state = STATES[row.status];
  return (
    <tr className="border-b border-zinc-100 align-top dark:border-zinc-800" data-testid="admin-mail-row">
      <td className="px-2 py-2 whitespace-nowrap">{formatShopDateTime(row.createdAt)}</td>
      <td className="px-2 py-2 break-all">{row.recipient}</td>
      <td className="px-2 py-2">{row.subject}</td>
      <td className="px-2 py-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.tone}`}>{state.label}</span>
        {row.status === "failed" && row.lastError ? (
          <p className="mt-1 max-w-xs text-xs break-words text-red-800 dark:text-red-300">{row.lastError}</p>
        ) : null}
      </td>
      <td className="px-2 py-2">{row.attempts}</td>
      <td className="px-2 py-2">
        {row.status === "failed" ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resend-mail" />
            <input type="hidden" name="mailId" value={row.id} />
            <SubmitButton label="Resend" pendingLabel="Queuing…" className="btn-outline px-3 py-1" />
          </fetcher.Form>
        ) : null}
      </td>
    </tr>
  );
}
