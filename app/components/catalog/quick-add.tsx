import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useLocalePath, useT } from "../../locales/i18n.ts";
import { SizeSelect } from "./size-select.tsx";

/**
 * Add to Cart from a listing card (the Accessories listing): a one-size item goes straight in; an
 * item with several sizes asks which one first. A form that posts to the cart; on the listing (an
 * HTML-first page) the quick-add island sends it in place (app/islands/quick-add.island.ts).
 */
export function QuickAdd({ productId, title, sizes }: { productId: number; title: string; sizes: ProductSize[] }) {
  const t = useT();
  const localize = useLocalePath();
  const inStock = sizes.filter((entry) => entry.stock > 0);
  const single = sizes.length === 1 ? sizes[0] : undefined;
  if (inStock.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("product.outOfStockCard")}</p>;
  return (
    <form
      method="post"
      action={localize("/cart")}
      className="flex gap-2"
      data-island="quick-add"
      data-select-size={t("service.selectSize")}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {single ? (
        <input type="hidden" name="size" value={single.size} />
      ) : (
        <SizeSelect sizes={sizes} ariaLabel={t("product.sizeFor", { title })} className="w-24 px-2" />
      )}
      {/* The name starts with the words on the button, then says which product. */}
      <button type="submit" className="btn-primary flex-1" aria-label={t("product.quickAddLabel", { title })}>
        {t("product.quickAdd")}
      </button>
    </form>
  );
}
