import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatRs } from "../../lib/money.ts";
import { ShopImage } from "./shop-image.tsx";

export type ProductCardData = { id: number; title: string; price: number; image: string };

/** A product in a grid: its picture, title and price; the whole card opens the product page. */
export function ProductCard({
  product,
  priority = false,
  children,
}: {
  product: ProductCardData;
  priority?: boolean;
  children?: ReactNode;
}) {
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white transition-shadow hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900">
      <Link to={`/productinfo/${product.id}`} className="flex flex-1 flex-col" prefetch="intent">
        <div className="aspect-[4/5] overflow-hidden bg-zinc-100 dark:bg-zinc-800">
          <ShopImage
            image={product.image}
            shape="product"
            alt={product.title}
            sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            priority={priority}
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h2 className="line-clamp-2 text-sm font-medium">{product.title}</h2>
          <p className="mt-auto font-semibold text-gold-700 dark:text-gold-300">{formatRs(product.price)}</p>
        </div>
      </Link>
      {children ? <div className="px-4 pb-4">{children}</div> : null}
    </article>
  );
}
