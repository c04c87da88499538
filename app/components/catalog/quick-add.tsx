import { useState } from "react";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { SizeSelect } from "./size-select.tsx";
import { sizeRequired, useCartFetcher } from "./use-cart-fetcher.ts";

/**
 * Add to Cart from a listing card (the Accessories listing): a one-size item goes straight in; an
 * item with several sizes asks which one first.
 */
export function QuickAdd({ productId, title, sizes }: { productId: number; title: string; sizes: ProductSize[] }) {
  const { fetcher, busy } = useCartFetcher();
  const t = useT();
  const localize = useLocalePath();
  const inStock = sizes.filter((entry) => entry.stock > 0);
  const single = sizes.length === 1 ? sizes[0] : undefined;
  const [size, setSize] = useState(single?.size ?? "");
  if (inStock.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("product.outOfStockCard")}</p>;
  return (
    <fetcher.Form
      method="post"
      action={localize("/cart")}
      className="flex gap-2"
      onSubmit={(event) => {
        // One add at a time; the button stays enabled meanwhile, so focus stays on it.
        if (busy) event.preventDefault();
        else sizeRequired(size, undefined, t)(event);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {single ? (
        <input type="hidden" name="size" value={single.size} />
      ) : (
        <SizeSelect
          sizes={sizes}
          value={size}
          onChange={setSize}
          ariaLabel={t("product.sizeFor", { title })}
          className="w-24 px-2"
        />
      )}
      {/* The name starts with the words on the button, then says which product. */}
      <button type="submit" className="btn-primary flex-1" aria-label={t("product.quickAddLabel", { title })}>
        {t("product.quickAdd")}
      </button>
    </fetcher.Form>
  );
}
