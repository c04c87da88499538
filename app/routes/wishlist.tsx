import { useState } from "react";
import { Link, redirect } from "react-router";
import { AppError } from "#server/errors.ts";
import { actionDone, actionFailed } from "#server/http/action-results.ts";
import { readForm, text } from "#server/http/forms.ts";
import { actorWithGuestId } from "#server/http/guest-cookie.ts";
import { appServices } from "#server/http/route-helpers.ts";
import { actorOf } from "#server/http/session-middleware.ts";
import { makeToast, withToast } from "#server/http/toasts.ts";
import {
  addToWishlist,
  removeFromWishlist,
  viewWishlist,
  type WishlistItem,
  wishlistToCart,
} from "#server/wishlist/wishlist.service.ts";
import { ShopImage } from "../components/catalog/shop-image.tsx";
import { useCartFetcher } from "../components/catalog/use-cart-fetcher.ts";
import { EmptyNotice } from "../components/ui/empty-notice.tsx";
import { formatRs } from "../lib/money.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/wishlist";

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await viewWishlist(appServices(context).db, actorOf(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const headers = new Headers();
  const actor = await actorWithGuestId(context, headers);
  const { db } = appServices(context);
  const item = { productId: text(form, "productId"), size: text(form, "size") || undefined };
  const backTo = safeRedirectPath(form.get("backTo"), "/wishlist");
  try {
    switch (form.get("intent")) {
      case "add":
        await addToWishlist(db, actor, item);
        return actionDone(context, request, makeToast("success", "Added to wishlist"), { backTo, headers });
      case "remove":
        await removeFromWishlist(db, actor, item);
        return actionDone(context, request, makeToast("success", "Removed from wishlist"), { backTo, headers });
      case "to-cart":
        await wishlistToCart(db, actor, item);
        return redirect("/cart", { headers: await withToast(context, makeToast("success", "Added to cart"), headers) });
      default:
        throw new AppError("validation-failed", "Unknown wishlist action.");
    }
  } catch (error) {
    return actionFailed(context, request, error, { backTo, headers });
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "My Wishlist", description: "Products you saved for later.", noindex: true });

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">My Wishlist</h1>
      {items.length === 0 ? (
        <EmptyNotice message="Your wishlist is empty" />
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.productId}>
              <WishlistCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A saved product: Add To Cart (asking for a size when it has several and none was saved), Remove. */
function WishlistCard({ item }: { item: WishlistItem }) {
  const { fetcher } = useCartFetcher();
  const needsSize = !item.size && item.sizes.length > 1;
  const [size, setSize] = useState(item.size ?? "");
  return (
    <article className="card flex h-full flex-col overflow-hidden" data-testid="wishlist-item">
      <Link
        to={`/productinfo/${item.productId}`}
        className="block aspect-[4/5] overflow-hidden bg-zinc-100 dark:bg-zinc-800"
      >
        <ShopImage
          image={item.image}
          shape="product"
          alt={item.title}
          sizes="(min-width: 1024px) 25vw, 50vw"
          className="size-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-sm font-medium">{item.title}</h2>
        <p className="font-semibold text-gold-700 dark:text-gold-300">{formatRs(item.price)}</p>
        {item.size ? <p className="text-xs text-zinc-500">Size {item.size}</p> : null}
        {!item.available ? <p className="text-xs text-red-600">No longer available</p> : null}
        <fetcher.Form method="post" action="/wishlist" className="mt-auto flex flex-col gap-2">
          <input type="hidden" name="productId" value={item.productId} />
          {needsSize ? (
            <select
              name="size"
              value={size}
              onChange={(event) => setSize(event.target.value)}
              className="field"
              aria-label={`Size for ${item.title}`}
            >
              <option value="">Select size</option>
              {item.sizes.map((entry) => (
                <option key={entry.size} value={entry.size} disabled={entry.stock === 0}>
                  {entry.stock === 0 ? `${entry.size} (out of stock)` : entry.size}
                </option>
              ))}
            </select>
          ) : null}
          <div className="flex gap-2">
            <button
              type="submit"
              name="intent"
              value="to-cart"
              className="btn-primary flex-1"
              disabled={!item.available}
            >
              Add To Cart
            </button>
            <button type="submit" name="intent" value="remove" className="btn-outline">
              Remove
            </button>
          </div>
        </fetcher.Form>
      </div>
    </article>
  );
}
