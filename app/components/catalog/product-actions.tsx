import { ShoppingBag, Zap } from "lucide-react";
import { useState } from "react";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { SizePicker } from "./size-picker.tsx";
import { SELECT_SIZE, sizeRequired, useCartFetcher } from "./use-cart-fetcher.ts";
import { WishlistToggle } from "./wishlist-toggle.tsx";

/**
 * The size choice and the three buttons of the product page: Add To Cart and Order Now need a
 * size; Add To Wishlist remembers one if it was chosen. Without JavaScript they are plain form posts.
 * The buttons stay enabled while a press is on its way (a second press waits), so that focus stays
 * on the button pressed.
 */
export function ProductActions(props: {
  productId: number;
  sizes: ProductSize[];
  size: string;
  onSizeChange: (size: string) => void;
}) {
  const { productId, sizes, size, onSizeChange } = props;
  const { fetcher, busy, refusal } = useCartFetcher();
  const t = useT();
  const localize = useLocalePath();
  const [sizeError, setSizeError] = useState<string | null>(null);
  const soldOut = sizes.every((entry) => entry.stock === 0);
  const serverSizeError = refusal?.message === SELECT_SIZE ? SELECT_SIZE : null;
  const needSize = sizeRequired(size, () => setSizeError(SELECT_SIZE), t);
  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form
        id={`product-${productId}-actions`}
        method="post"
        action={localize("/cart")}
        className="flex flex-col gap-4"
        // A press while the last one is on its way is dropped (no double add); this says so.
        aria-busy={busy || undefined}
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else needSize(event);
        }}
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="backTo" value={`/productinfo/${productId}`} />
        <SizePicker
          sizes={sizes}
          value={size}
          onChange={(next) => {
            setSizeError(null);
            onSizeChange(next);
          }}
          error={sizeError ?? serverSizeError}
        />
        {soldOut ? <p className="font-medium text-red-600 dark:text-red-400">{t("product.soldOut")}</p> : null}
      </fetcher.Form>
      <div className="flex flex-wrap gap-3">
        <CartButtons form={`product-${productId}-actions`} soldOut={soldOut} />
        <WishlistToggle productId={productId} size={size} />
      </div>
    </div>
  );
}

/** Add To Cart and Order Now, which send the size form above them. */
function CartButtons({ form, soldOut }: { form: string; soldOut: boolean }) {
  const t = useT();
  return (
    <>
      <button type="submit" form={form} name="intent" value="add" className="btn-contrast" disabled={soldOut}>
        <ShoppingBag aria-hidden="true" className="size-4" />
        {t("product.addToCart")}
      </button>
      <button type="submit" form={form} name="intent" value="order-now" className="btn-gold" disabled={soldOut}>
        <Zap aria-hidden="true" className="size-4" />
        {t("product.orderNow")}
      </button>
    </>
  );
}
