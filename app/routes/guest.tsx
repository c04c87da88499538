import { Link, redirect } from "react-router";
import { writeQuote } from "#core/price-quote.ts";
import { viewCart } from "#server/cart/cart.service.ts";
import { checkoutFromForm } from "../.server/checkout.ts";
import { appServices } from "../.server/context.ts";
import { readForm } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import { CartSummary } from "../components/cart/cart-summary.tsx";
import { CheckoutBlocked } from "../components/cart/checkout-blocked.tsx";
import { CheckoutForm } from "../components/cart/checkout-form.tsx";
import { OrderItems } from "../components/cart/order-items.tsx";
import { EmptyNotice } from "../components/ui/empty-notice.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/guest";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = actorOf(context);
  // A signed-in customer checks out from the cart, with their points.
  if (actor.kind === "user") throw redirect("/cart?checkout");
  const cart = await viewCart(appServices(context).db, actor);
  return { cart, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(context);
  if (actor.kind === "user") return redirect("/cart?checkout");
  return checkoutFromForm(context, await readForm(request));
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Guest checkout", description: "Check out as a guest.", noindex: true });

/** Checkout as a guest: the same form plus an e-mail; no points, no offers. */
export default function GuestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, idempotencyKey } = loaderData;
  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl font-semibold">Guest checkout</h1>
        <EmptyNotice message="Your cart is empty" />
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="guest-title" className="card p-6">
        <h1 id="guest-title" className="font-display text-3xl font-semibold">
          Guest checkout
        </h1>
        <p className="mt-2 mb-6 rounded-md bg-zinc-100 p-3 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          Offers and Discounts not available when checking out as guest: guests neither earn nor redeem reward points.{" "}
          <Link to="/signup?redirectTo=%2Fcart" className="font-semibold underline">
            Sign up
          </Link>{" "}
          to earn them.
        </p>
        {cart.blocked ? (
          <CheckoutBlocked where="elsewhere" />
        ) : (
          <CheckoutForm
            action="/guest"
            guest
            idempotencyKey={idempotencyKey}
            redeemPoints={false}
            quote={writeQuote(cart.lines, cart.grandTotal)}
            error={actionData?.message}
            fieldErrors={actionData?.fieldErrors}
            values={actionData?.values ?? {}}
          />
        )}
      </section>
      <CartSummary totals={cart}>
        <OrderItems lines={cart.lines} grandTotal={cart.grandTotal} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {cart.itemCount} {cart.itemCount === 1 ? "item" : "items"} ·{" "}
          <Link to="/cart" className="underline">
            Edit cart
          </Link>
        </p>
      </CartSummary>
    </div>
  );
}
