import { type ReactNode, useId, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { useT } from "../../locales/i18n.ts";
import { Modal } from "./modal.tsx";

type ConfirmActionProps = {
  /** The fetcher that posts the action once confirmed (its state dims the row that owns it). */
  fetcher: FetcherWithComponents<unknown>;
  /** What is posted when the action is confirmed. */
  fields: Record<string, string>;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that asks: its accessible name, its look and its content. */
  trigger: { label: string; className: string; children: ReactNode; disabled?: boolean; switchOn?: boolean };
};

/** A destructive action behind one confirmation dialog, the same for every such action of the admin. */
export function ConfirmAction({ fetcher, fields, title, message, confirmLabel, trigger }: ConfirmActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={trigger.className}
        aria-label={trigger.label}
        {...(trigger.switchOn === undefined ? {} : { role: "switch", "aria-checked": trigger.switchOn })}
        disabled={trigger.disabled || fetcher.state !== "idle"}
        onClick={() => setOpen(true)}
      >
        {trigger.children}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={`${id}-title`} className="max-w-md">
        <div className="p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{message}</p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
              {t("acct.cancel")}
            </button>
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              onClick={() => {
                setOpen(false);
                void fetcher.submit(fields, { method: "post" });
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      </Modal>
    </>
  );
}
