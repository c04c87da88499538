import { useState } from "react";
import { redirect } from "react-router";
import { z } from "zod";
import type { ShelfOffer } from "#core/offers.ts";
import { sizeText } from "#core/sizes.ts";
import { shelfPrices } from "#server/cart/shelf-prices.ts";
import { linesInLocale } from "#server/catalog/product-translations.ts";
import { wishlistItemSchema } from "#server/wishlist/wishlist.schemas.ts";
import {
  addToWishlist,
  removeFromWishlist,
  viewWishlist,
  type WishlistItem,
  wishlistToCart,
} from "#server/wishlist/wishlist.service.ts";
import { actionDone, actionFailed } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, returnPath } from "../.server/forms.ts";
import { readGuestPost } from "../.server/guest-cookie.ts";
import { localeOf } from "../.server/locale.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, withToast } from "../.server/toasts.ts";
import { ProductCard } from "../components/catalog/product-card.tsx";
import { SizeSelect } from "../components/catalog/size-select.tsx";
import { useCartFetcher } from "../components/catalog/use-cart-fetcher.ts";
import { EmptyNotice } from "../components/ui/empty-notice.tsx";
import { useLocalePath, useT } from "../locales/i18n.ts";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/wishlist";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = appServices(context);
  const items = await linesInLocale(db, localeOf(request), await viewWishlist(db, actorOf(context)));
  return {
    items,
    offers: await shelfPrices(
      db,
      items.map((item) => ({ id: item.productId, price: item.price })),
    ),
  };
}

/** Which of the wishlist's buttons was pressed, and the page to go back to after a plain post. */
const wishlistForm = z.object({
  intent: z.enum(["add", "remove", "to-cart"], { error: "Unknown wishlist action." }),
  backTo: returnPath("/wishlist"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { form, headers, actor, fields } = await readGuestPost(context, request, wishlistForm);
  const { intent, backTo } = fields;
  const { db } = appServices(context);
  const item = formFields(form, wishlistItemSchema);
  try {
    switch (intent) {
      case "add":
        await addToWishlist(db, actor, item);
        return actionDone(context, request, makeToast("success", "Added to wishlist"), { backTo, headers });
      case "remove":
        await removeFromWishlist(db, actor, item);
        return actionDone(context, request, makeToast("success", "Removed from wishlist"), { backTo, headers });
      case "to-cart":
        await wishlistToCart(db, actor, item);
        return redirect("/cart", { headers: await withToast(context, makeToast("success", "Added to cart"), headers) });
    }
  } catch (error) {
    return actionFailed(context, request, error, { backTo, headers });
  }
}

export const meta = privatePageMeta("wishlist.title", "wishlist.description");

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { items, offers } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{t("wishlist.title")}</h1>
      {items.length === 0 ? (
        <EmptyNotice message="empty.wishlist" />
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.productId}>
              <WishlistCard item={item} offer={offers[item.productId]} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A saved product: Add To Cart (asking for a size when it has several and none was saved), Remove. */
function WishlistCard({ item, offer }: { item: WishlistItem; offer: ShelfOffer | undefined }) {
  const { fetcher } = useCartFetcher();
  const needsSize = !item.size && item.sizes.length > 1;
  const [size, setSize] = useState(item.size ?? "");
  const t = useT();
  const localize = useLocalePath();
  return (
    <div className="flex h-full" data-testid="wishlist-item">
      <ProductCard
        product={{ id: item.productId, title: item.title, price: item.price, image: item.image }}
        offer={offer}
      >
        {item.size ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{sizeText(item.size)}</p> : null}
        {!item.available ? <p className="text-xs text-red-700 dark:text-red-400">{t("wishlist.unavailable")}</p> : null}
        <fetcher.Form method="post" action={localize("/wishlist")} className="flex flex-col gap-2">
          <input type="hidden" name="productId" value={item.productId} />
          {needsSize ? (
            <SizeSelect
              sizes={item.sizes}
              value={size}
              onChange={setSize}
              ariaLabel={t("product.sizeFor", { title: item.title })}
            />
          ) : null}
          <div className="flex gap-2">
            <button
              type="submit"
              name="intent"
              value="to-cart"
              className="btn-primary flex-1"
              disabled={!item.available}
            >
              {t("wishlist.addToCart")}
            </button>
            <button type="submit" name="intent" value="remove" className="btn-outline">
              {t("wishlist.remove")}
            </button>
          </div>
        </fetcher.Form>
      </ProductCard>
    </div>
  );
}
