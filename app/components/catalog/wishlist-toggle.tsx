import { Heart } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { Frame } from "../../.server/frame.ts";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { usePersonalFrame } from "../layout/use-personal-frame.ts";
import { useCartFetcher } from "./use-cart-fetcher.ts";

/**
 * Add To Wishlist, which becomes "Wishlisted" (pressed) once the product is saved; pressed again,
 * it takes the product off the wishlist. The state comes from the shopper's own frame, because the
 * product page itself is rendered once for everyone. It shows the change as soon as it is sent.
 */
export function WishlistToggle({ productId, size }: { productId: number; size: string }) {
  const { fetcher } = useCartFetcher();
  const t = useT();
  const localize = useLocalePath();
  const personal = usePersonalFrame(useRouteLoaderData<Frame>("root"));
  const sending = fetcher.formData?.get("intent");
  const saved = sending ? sending === "add" : personal.wishlisted.includes(productId);
  return (
    <fetcher.Form
      method="post"
      action={localize("/wishlist")}
      onSubmit={(event) => {
        // One change at a time: the button stays enabled (and focused) while one is on its way.
        if (fetcher.state !== "idle") event.preventDefault();
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      {size ? <input type="hidden" name="size" value={size} /> : null}
      <input type="hidden" name="backTo" value={`/productinfo/${productId}`} />
      <button
        type="submit"
        name="intent"
        value={saved ? "remove" : "add"}
        aria-pressed={saved}
        title={saved ? t("product.removeFromWishlist") : undefined}
        className="btn-outline"
      >
        <Heart aria-hidden="true" className={`size-4 ${saved ? "fill-current text-red-600 dark:text-red-400" : ""}`} />
        {saved ? t("product.wishlisted") : t("product.addToWishlist")}
      </button>
    </fetcher.Form>
  );
}
