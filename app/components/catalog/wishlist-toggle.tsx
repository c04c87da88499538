import { Heart } from "lucide-react";
import { useLocalePath, useT } from "../../locales/i18n.ts";

/**
 * Add To Wishlist, which becomes "Wishlisted" (pressed) once the product is saved; pressed again, it
 * takes the product off the wishlist. The page is rendered once for everyone, as not saved: the
 * product's island reads the shopper's own wishlist from their parts of the frame, and shows a
 * change as soon as it is sent. Without JavaScript, a form that adds.
 */
export function WishlistToggle({ productId }: { productId: number }) {
  const t = useT();
  const localize = useLocalePath();
  return (
    <form method="post" action={localize("/wishlist")} data-wishlist={productId}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value="" disabled />
      <input type="hidden" name="backTo" value={localize(`/productinfo/${productId}`)} />
      <button
        type="submit"
        name="intent"
        value="add"
        aria-pressed={false}
        data-label-add={t("product.addToWishlist")}
        data-label-saved={t("product.wishlisted")}
        data-title-saved={t("product.removeFromWishlist")}
        className="btn-outline"
      >
        <Heart aria-hidden="true" className="size-4" />
        <span>{t("product.addToWishlist")}</span>
      </button>
    </form>
  );
}
