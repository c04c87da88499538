import { Form } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { FieldError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";

type Note = { id: number; author: string; body: string; createdAt: number };

/** The staff's notes on an order or a customer, newest first, each with who wrote it; and one to add. */
export function StaffNotes({
  notes,
  error,
  canWrite = true,
}: {
  notes: Note[];
  error?: string | undefined;
  canWrite?: boolean;
}) {
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="staff-notes">
      <h2 id="staff-notes" className="text-lg font-semibold">
        Notes
      </h2>
      {canWrite ? (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note-body" className="sr-only">
            New note
          </label>
          <textarea
            id="note-body"
            name="body"
            rows={2}
            className="field"
            placeholder="A note for the team…"
            aria-invalid={error ? true : undefined}
          />
          <FieldError id="note-body-error" message={error} />
          <div>
            <SubmitButton label="Add note" pendingLabel="Saving…" intent="note" className="btn-outline" />
          </div>
        </Form>
      ) : null}
      {notes.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">No notes yet.</p> : null}
      <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="staff-notes">
        {notes.map((note) => (
          <li key={note.id} className="py-2">
            <p className="whitespace-pre-wrap">{note.body}</p>
            <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
              {note.author} · {formatShopDateTime(note.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
