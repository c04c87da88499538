import type { Toast } from "#core/toast.ts";
import islandsScript from "../../islands/islands.ts?worker&url";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

/**
 * The end of an HTML-first page (decision record 48): no React, but the islands' one script (a
 * module, so it runs once the document is parsed), the toaster, a toast the server queued, and the
 * products on the shopper's wishlist when the page is their own (a shared page's are a stranger's:
 * none, until their parts of the frame arrive). A page rendered for the shopper tells the script so
 * (`data-own-page`): its parts are already theirs, and there is nothing to ask for.
 */
export function IslandsEnd(props: { toast: Toast | null; wishlisted: readonly number[]; ownPage: boolean }) {
  const { toast, wishlisted, ownPage } = props;
  return (
    <>
      <IslandToaster />
      {toast ? <QueuedToast toast={toast} /> : null}
      {toast ? <NoScriptToast toast={toast} /> : null}
      <WishlistedMarks productIds={wishlisted} />
      <script type="module" src={islandsScript} data-own-page={ownPage ? "" : undefined} />
    </>
  );
}

/** The shopper's wishlisted products, for the wishlist buttons' island; swapped with their parts of the frame. */
export function WishlistedMarks({ productIds }: { productIds: readonly number[] }) {
  return <template data-personal="wishlisted" data-products={productIds.join(" ")} />;
}

/** A queued toast for a browser without scripts: shown as a line of the page. */
export function NoScriptToast({ toast }: { toast: Toast }) {
  const t = useT();
  return (
    <noscript>
      <p role="status" className="fixed right-4 bottom-4 z-50 rounded-md bg-zinc-900 px-4 py-3 text-white">
        {serviceText(t, toast.message)}
      </p>
    </noscript>
  );
}

/** Where an HTML-first page's toasts appear (the toaster island fills it). */
export function IslandToaster() {
  const t = useT();
  return (
    <section
      data-island="toaster"
      aria-label={t("frame.notifications")}
      data-close-label={t("frame.closeToast")}
      data-unreachable={t("frame.unreachable")}
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2"
    />
  );
}

/**
 * A toast the server queued, in the page's language, for the toaster island to show once: an
 * inert template, so nothing of it shows or is read out before then.
 */
export function QueuedToast({ toast }: { toast: Toast }) {
  const t = useT();
  const localize = useLocalePath();
  const { action } = toast;
  return (
    <template
      data-island="queued-toast"
      data-kind={toast.kind}
      data-duration={toast.durationMs ?? 5000}
      data-action-label={action ? serviceText(t, action.label) : undefined}
      data-action-href={action ? localize(action.to) : undefined}
    >
      {serviceText(t, toast.message)}
    </template>
  );
}
