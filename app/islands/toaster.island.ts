import type { ToastKind } from "#core/toast.ts";

/*
 * The toasts of an HTML-first page: a line at the bottom of the screen for each, with its button
 * (View cart…) and a close button; gone after its time, which waits while the pointer is on it.
 */

type ToastOptions = { durationMs?: number; action?: { label: string; href: string } };

const KIND_CLASSES: Record<ToastKind, string> = {
  success: "border-green-200 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
  error: "border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  info: "border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
};

let region: HTMLElement | null = null;

/** The toaster island: the page's region for toasts. */
export function toaster(element: HTMLElement): void {
  region = element;
}

export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  if (!region) return;
  const item = document.createElement("div");
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  item.className = `pointer-events-auto flex items-center gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${KIND_CLASSES[kind]}`;
  const words = document.createElement("p");
  words.className = "flex-1 font-medium";
  words.textContent = message;
  item.append(words);
  if (options.action) {
    const link = document.createElement("a");
    link.href = options.action.href;
    link.className = "btn-contrast shrink-0 px-3 py-1 text-xs";
    link.textContent = options.action.label;
    item.append(link);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "shrink-0 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100";
  close.setAttribute("aria-label", region.dataset.closeLabel ?? "Close");
  close.textContent = "×";
  close.addEventListener("click", () => item.remove());
  item.append(close);
  region.append(item);
  removeAfter(item, options.durationMs ?? 5000);
}

/** Says that the shop could not be reached, in the page's language (a post that never arrived). */
export function sayUnreachable(): void {
  const message = region?.dataset.unreachable;
  if (message) showToast("error", message);
}

/** Takes the toast away after its time; the pointer resting on it holds it. */
function removeAfter(item: HTMLElement, durationMs: number): void {
  let timer = setTimeout(() => item.remove(), durationMs);
  item.addEventListener("pointerenter", () => clearTimeout(timer));
  item.addEventListener("pointerleave", () => {
    timer = setTimeout(() => item.remove(), durationMs);
  });
}

/** A toast the server queued, in a template: shown once, then the template goes. */
export function queuedToast(template: HTMLElement): void {
  const { kind, duration, actionLabel, actionHref } = template.dataset;
  const message = (template as HTMLTemplateElement).content.textContent ?? "";
  template.remove();
  showToast(kind === "error" || kind === "success" ? kind : "info", message, {
    durationMs: Number(duration) || 5000,
    ...(actionLabel && actionHref ? { action: { label: actionLabel, href: actionHref } } : {}),
  });
}
