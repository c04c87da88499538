import { ShoppingBag, Zap } from "lucide-react";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { SizePicker } from "./size-picker.tsx";
import { WishlistToggle } from "./wishlist-toggle.tsx";

/**
 * The size choice and the three buttons of the product page: Add To Cart and Order Now need a
 * size; Add To Wishlist remembers one if it was chosen. Plain form posts; the page is HTML-first,
 * and its island (app/islands/product-actions.island.ts) sends Add To Cart and the wishlist in
 * place, says at once that a size is needed, and keeps focus on the button pressed.
 */
export function ProductActions({ productId, sizes }: { productId: number; sizes: ProductSize[] }) {
  const t = useT();
  const localize = useLocalePath();
  const soldOut = sizes.every((entry) => entry.stock === 0);
  const formId = `product-${productId}-actions`;
  return (
    <div className="flex flex-col gap-4" data-island="product-actions" data-size-needed={t("service.selectSize")}>
      <form id={formId} method="post" action={localize("/cart")} className="flex flex-col gap-4">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="backTo" value={localize(`/productinfo/${productId}`)} />
        <SizePicker sizes={sizes} />
        {soldOut ? <p className="font-medium text-red-600 dark:text-red-400">{t("product.soldOut")}</p> : null}
      </form>
      <div className="flex flex-wrap gap-3">
        <button type="submit" form={formId} name="intent" value="add" className="btn-contrast" disabled={soldOut}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          {t("product.addToCart")}
        </button>
        <button type="submit" form={formId} name="intent" value="order-now" className="btn-gold" disabled={soldOut}>
          <Zap aria-hidden="true" className="size-4" />
          {t("product.orderNow")}
        </button>
        <WishlistToggle productId={productId} />
      </div>
    </div>
  );
}
