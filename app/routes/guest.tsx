import { ChevronDown } from "lucide-react";
import { redirect } from "react-router";
import { formatInr } from "#core/money.ts";
import type { CartOffers } from "#core/offers.ts";
import { seenOffers } from "#core/offers.ts";
import { writeQuote } from "#core/price-quote.ts";
import { viewCart, viewOrderNow } from "#server/cart/cart.service.ts";
import { viewInLocale } from "#server/catalog/product-translations.ts";
import { paymentChoices } from "#server/payments/cod.ts";
import { checkoutFromForm } from "../.server/checkout.ts";
import { appServices } from "../.server/context.ts";
import { readForm } from "../.server/forms.ts";
import { localeOf } from "../.server/locale.ts";
import { pieceFromUrl } from "../.server/order-now-piece.ts";
import { actorOf } from "../.server/session.ts";
import { CheckoutBlocked } from "../components/cart/checkout-blocked.tsx";
import { CheckoutForm } from "../components/cart/checkout-form.tsx";
import { OrderItems } from "../components/cart/order-items.tsx";
import { EmptyNotice } from "../components/ui/empty-notice.tsx";
import { pieceSearch } from "../lib/order-now.ts";
import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/guest";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = actorOf(context);
  // Order Now's checkout buys the one piece its address names; otherwise the guest buys the cart.
  const piece = pieceFromUrl(url);
  // A signed-in customer checks out from the cart, with their points.
  if (actor.kind === "user") throw redirect(piece ? `/cart?checkout&${pieceSearch(piece)}` : "/cart?checkout");
  const { db, config, payments } = appServices(context);
  const view = piece ? await viewOrderNow(db, actor, piece) : await viewCart(db, actor);
  const cart = await viewInLocale(db, localeOf(request), view);
  const payment = paymentChoices(config.payments, payments !== null, { total: cart.grandTotal });
  return { cart, piece, idempotencyKey: crypto.randomUUID(), payment };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(context);
  if (actor.kind === "user") return redirect("/cart?checkout");
  return checkoutFromForm(context, request, await readForm(request));
}

export const meta = privatePageMeta("guest.title", "guest.description");

/**
 * The code the guest's cart keeps, and how it stands: applied, or why not (an offer for signed-in
 * customers waits for a login, and a limit per customer is checked against the e-mail given).
 */
function GuestOfferCode({ offers }: { offers: CartOffers }) {
  if (!offers.code) return null;
  return (
    <p className="text-sm" data-testid="guest-offer-code" role="status">
      <span className="font-semibold">Code {offers.code.code}:</span> {offers.code.message}
      {offers.code.status === "refused" ? (
        <>
          {" "}
          <Link to="/login?redirectTo=%2Fcart" className="font-semibold underline">
            Log in
          </Link>{" "}
          or{" "}
          <Link to="/cart" className="font-semibold underline">
            change it in the cart
          </Link>
          .
        </>
      ) : null}
    </p>
  );
}

/**
 * Checkout as a guest: the same form plus an e-mail; no points, and only the offers that are not
 * for signed-in customers alone. The order's summary comes first (on a phone, above the form,
 * where it can be folded away).
 */
export default function GuestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, piece, idempotencyKey, payment } = loaderData;
  const t = useT();
  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl font-semibold">{t("guest.title")}</h1>
        <EmptyNotice message="empty.cart" />
      </div>
    );
  }
  const action = piece ? `/guest?${pieceSearch(piece)}` : "/guest";
  return (
    <div className="mx-auto grid max-w-5xl items-start gap-6 px-4 py-10 lg:grid-cols-[1fr_20rem] lg:gap-8">
      <GuestOrderSummary cart={cart} piece={piece} online={payment.online} />
      <section aria-labelledby="guest-title" className="card p-6 lg:col-start-1 lg:row-start-1">
        <h1 id="guest-title" className="font-display text-3xl font-semibold">
          {t("guest.title")}
        </h1>
        <p className="mt-2 mb-6 rounded-md bg-zinc-100 p-3 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {cart.offers.applied.length > 0 ? t("guest.membersWithOffers") : t("guest.members")}{" "}
          <Link to="/signup?redirectTo=%2Fcart" className="font-semibold underline">
            {t("guest.signUp")}
          </Link>{" "}
          {t("guest.toEarn")}
        </p>
        {cart.blocked ? (
          <CheckoutBlocked where="elsewhere" />
        ) : (
          <CheckoutForm
            action={action}
            guest
            idempotencyKey={idempotencyKey}
            redeemPoints={false}
            piece={piece}
            quote={writeQuote(cart.lines, cart.grandTotal, seenOffers(cart.offers))}
            payment={payment}
            error={actionData?.message}
            errorCode={actionData?.code}
            fieldErrors={actionData?.fieldErrors}
            values={actionData?.values ?? {}}
          />
        )}
      </section>
    </div>
  );
}

/** What the order holds, foldable on a phone: the pieces and totals, the offer code, the way back. */
function GuestOrderSummary({
  cart,
  piece,
  online,
}: {
  cart: Route.ComponentProps["loaderData"]["cart"];
  piece: Route.ComponentProps["loaderData"]["piece"];
  online: boolean;
}) {
  const t = useT();
  return (
    <details open className="card group p-4 lg:col-start-2 lg:row-start-1 lg:p-6">
      <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold [&::-webkit-details-marker]:hidden">
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
        <span className="flex-1">{t("guest.summary")}</span>
        <span>{formatInr(cart.grandTotal)}</span>
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <OrderItems lines={cart.lines} totals={cart} online={online} />
        <GuestOfferCode offers={cart.offers} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {cart.itemCount === 1 ? t("guest.item") : t("guest.items", { count: cart.itemCount })} ·{" "}
          <Link to={piece ? `/productinfo/${piece.productId}` : "/cart"} className="underline">
            {piece ? t("guest.backToProduct") : t("guest.editCart")}
          </Link>
        </p>
      </div>
    </details>
  );
}
