import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ShelfOffer } from "#core/offers.ts";
import type { ProductCard as ProductCardData } from "#server/catalog/catalog.schemas.ts";
import { CardRating } from "../reviews/stars.tsx";
import { ShelfPrice } from "./offer-price.tsx";
import { ShopImage } from "./shop-image.tsx";

type ProductCardProps = {
  product: Pick<ProductCardData, "id" | "title" | "price" | "image" | "rating">;
  /** The automatic offer the piece gets bought on its own, shown with its price. */
  offer?: ShelfOffer | undefined;
  /** The page's largest picture: it loads at once, ahead of the rest. */
  priority?: boolean;
  /** Above the fold: its picture loads at once. */
  eager?: boolean;
  /** "page" follows the light or dark theme; "night" is for the home page's black sections. */
  tone?: "page" | "night";
  /** "portrait" keeps the picture's 4:5 shape; "tile" is the home page's 300 px high tile. */
  frame?: "portrait" | "tile";
  sizes?: string;
  /** Extra lines and controls under the price (a size, an Add to Cart button…). */
  children?: ReactNode;
};

const TONES = {
  page: {
    card: "border border-zinc-200 bg-white hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900",
    image: "bg-zinc-100 dark:bg-zinc-800",
    price: "text-gold-700 dark:text-gold-300",
  },
  night: {
    card: "bg-zinc-900 text-zinc-100 duration-300 hover:-translate-y-1.5 hover:shadow-lg hover:shadow-gold-900/40",
    image: "bg-zinc-800",
    price: "text-gold-300",
  },
} as const;

/** A product in a grid: its picture, title and price; the picture and title open the product page. */
export function ProductCard({
  product,
  priority = false,
  eager = false,
  tone = "page",
  frame = "portrait",
  sizes = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw",
  offer,
  children,
}: ProductCardProps) {
  const look = TONES[tone];
  return (
    <article className={`group flex w-full flex-col overflow-hidden rounded-lg transition ${look.card}`}>
      <Link to={`/productinfo/${product.id}`} className="flex flex-1 flex-col" prefetch="intent">
        <div className={`overflow-hidden ${frame === "tile" ? "h-[300px]" : "aspect-[4/5]"} ${look.image}`}>
          <ShopImage
            image={product.image}
            shape="product"
            alt={product.title}
            sizes={sizes}
            className="size-full object-cover object-top transition-transform duration-300 group-hover:scale-105"
            priority={priority}
            eager={eager}
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h2 className="line-clamp-2 text-sm font-medium">{product.title}</h2>
          {product.rating ? <CardRating rating={product.rating} /> : null}
          <ShelfPrice
            price={product.price}
            offer={offer}
            tone={tone}
            className={`mt-auto font-semibold ${look.price}`}
          />
        </div>
      </Link>
      {children ? <div className="flex flex-col gap-2 px-4 pb-4">{children}</div> : null}
    </article>
  );
}
