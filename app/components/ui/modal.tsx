import { type ReactNode, useLayoutEffect, useRef, useState } from "react";

type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's heading, which names it. */
  labelledBy?: string;
  label?: string;
  /** "center" for a dialog over the page; "left" for a drawer along the left edge. */
  placement?: "center" | "left";
  className?: string;
  children: ReactNode;
};

const PLACEMENTS = {
  center: "m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg rounded-lg",
  left: "m-0 mr-auto h-dvh max-h-none w-72 max-w-[85vw]",
};

/**
 * The platform's modal dialog: while it is open the page behind is inert, Tab stays inside, Escape
 * and a click on the backdrop close it, and focus returns to where it was. Rendered open on the
 * server (for a dialog opened by the address), it shows before the page is live and becomes modal
 * as soon as it is.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  label,
  placement = "center",
  className = "",
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The open attribute is the server's rendering only: React must not remove it later, because a
  // modal dialog whose attribute is removed stays modal. Opening and closing go through the API.
  const [openWhenRendered] = useState(open);
  // Made modal in the commit that renders it, before the browser paints or takes the next input: a
  // click in between would land on a dialog still laid out in the page, about to move to the top layer.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.matches(":modal")) {
      // A dialog rendered open by the server is not modal yet: close it to open it modally.
      if (element.open) element.close();
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; the keyboard closes with Escape.
    <dialog
      ref={dialog}
      open={openWhenRendered || undefined}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/60 dark:bg-zinc-900 dark:text-zinc-100 ${PLACEMENTS[placement]} ${className}`}
    >
      {children}
    </dialog>
  );
}
