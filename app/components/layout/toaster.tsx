import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import type { Theme } from "#core/theme.ts";
import type { ToastKind } from "#core/toast.ts";

/*
 * The toast library is loaded on the first toast, not with every page: most visits never show one,
 * and a first visit on a slow phone should not wait for it.
 */

const loadSonner = () => import("sonner");
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted = () => {};
// The library drops toasts sent before its Toaster listens, so each toast waits for it.
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Shows a toast, loading the toast library first if this is the page's first one. */
export async function notify(kind: ToastKind, message: string, options: ExternalToast = {}): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([loadSonner(), mounted]);
  const show = kind === "error" ? toast.error : kind === "success" ? toast.success : toast;
  show(message, options);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

/** Where toasts appear: at the bottom, where they cover none of the header's controls. */
export function LazyToaster({ theme }: { theme: Theme }) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" duration={5000} theme={theme} richColors closeButton />
      <Mounted />
    </Suspense>
  );
}
