import type { Theme } from "#core/theme.ts";
import type { Toast } from "#core/toast.ts";
import { Header } from "../components/layout/header.tsx";
import { QueuedToast, WishlistedMarks } from "../components/layout/islands-end.tsx";
import { renderFragment } from "./fragment.tsx";
import type { PersonalFrame } from "./frame.ts";

type Parts = PersonalFrame & { theme: Theme; toast: Toast | null };

/**
 * The shopper's own parts of an HTML-first page's frame, as HTML (decision record 48): the header as
 * it would be rendered for them on `page` (the island takes the parts marked `data-personal`), their
 * wishlist's products, and a toast the server queued for them.
 */
export function renderPersonalParts(page: string, parts: Parts): Promise<string> {
  return renderFragment(
    page,
    () => (
      <>
        <Header
          viewer={parts.viewer}
          theme={parts.theme}
          cartCount={parts.cartCount}
          wishlistCount={parts.wishlistCount}
          htmlFirst
        />
        {parts.toast ? <QueuedToast toast={parts.toast} /> : null}
        <WishlistedMarks productIds={parts.wishlisted} />
      </>
    ),
    "personal-",
  );
}
