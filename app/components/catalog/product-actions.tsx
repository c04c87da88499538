import { Heart, ShoppingBag, Zap } from "lucide-react";
import { useState } from "react";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { SizePicker } from "./size-picker.tsx";
import { SELECT_SIZE, sizeRequired, useCartFetcher } from "./use-cart-fetcher.ts";

/**
 * The size choice and the three buttons of the product page: Add To Cart and Order Now need a
 * size; Add To Wishlist remembers one if it was chosen. Without JavaScript they are plain form posts.
 */
export function ProductActions(props: {
  productId: number;
  sizes: ProductSize[];
  size: string;
  onSizeChange: (size: string) => void;
}) {
  const { productId, sizes, size, onSizeChange } = props;
  const { fetcher, busy, refusal } = useCartFetcher();
  const [sizeError, setSizeError] = useState<string | null>(null);
  const soldOut = sizes.every((entry) => entry.stock === 0);
  const serverSizeError = refusal?.message === SELECT_SIZE ? SELECT_SIZE : null;
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className="flex flex-col gap-4"
      onSubmit={sizeRequired(size, () => setSizeError(SELECT_SIZE))}
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
      {soldOut ? <p className="font-medium text-red-600 dark:text-red-400">Sold out in every size.</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="add" className="btn-primary" disabled={busy || soldOut}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          Add To Cart
        </button>
        <button type="submit" name="intent" value="order-now" className="btn-gold" disabled={busy || soldOut}>
          <Zap aria-hidden="true" className="size-4" />
          Order Now
        </button>
        <button type="submit" name="intent" value="add" formAction="/wishlist" className="btn-outline" disabled={busy}>
          <Heart aria-hidden="true" className="size-4" />
          Add To Wishlist
        </button>
      </div>
    </fetcher.Form>
  );
}
