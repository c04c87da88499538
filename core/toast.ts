export type ToastKind = "success" | "error" | "info";

/** A message for the shopper: shown as a toast at the top right, for 5 s unless told otherwise. */
export type Toast = {
  id: string;
  kind: ToastKind;
  message: string;
  durationMs?: number;
  /** A button on the toast that leads somewhere ("View cart"). */
  action?: { label: string; to: string };
};
