import { redirect, useNavigate } from "react-router";
import { z } from "zod";
import { seenOffers } from "#core/offers.ts";
import { writeQuote } from "#core/price-quote.ts";
import { getProfile } from "#server/accounts/profile.service.ts";
import { addToCartSchema, pieceSchema, removeLineSchema, setQuantitySchema } from "#server/cart/cart.schemas.ts";
import {
  addToCart,
  orderNowPiece,
  removeFromCart,
  setQuantity,
  viewCart,
  viewOrderNow,
} from "#server/cart/cart.service.ts";
import { applyCartCode, removeCartCode } from "#server/cart/cart-offers.service.ts";
import { viewInLocale } from "#server/catalog/product-translations.ts";
import { offerCodeSchema } from "#server/offers/offers.schemas.ts";
import { type PaymentChoices, paymentChoices } from "#server/payments/cod.ts";
import { actionDone, actionFailed, type FormFailure } from "../.server/action-results.ts";
import { checkoutFromForm } from "../.server/checkout.ts";
import { appServices } from "../.server/context.ts";
import { formFields, returnPath } from "../.server/forms.ts";
import { readGuestPost } from "../.server/guest-cookie.ts";
import { localeOf } from "../.server/locale.ts";
import { pieceFromUrl } from "../.server/order-now-piece.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast } from "../.server/toasts.ts";
import { CartLines } from "../components/cart/cart-lines.tsx";
import { CartSummary, choicesOf } from "../components/cart/cart-summary.tsx";
import { CheckoutBlocked } from "../components/cart/checkout-blocked.tsx";
import { CheckoutForm, type CheckoutValues } from "../components/cart/checkout-form.tsx";
import { CodCapNote } from "../components/cart/cod-cap-note.tsx";
import { OrderItems } from "../components/cart/order-items.tsx";
import { PointsNote } from "../components/cart/points-note.tsx";
import { EmptyNotice } from "../components/ui/empty-notice.tsx";
import { Modal } from "../components/ui/modal.tsx";
import { cartPath } from "../lib/cart-choices.ts";
import { orderNowPath, pieceSearch } from "../lib/order-now.ts";
import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/cart";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db, storage, config, payments } = appServices(context);
  const locale = localeOf(request);
  const actor = actorOf(context);
  // Order Now's checkout buys the one piece its address names; the cart behind it stays as it is.
  const piece = pieceFromUrl(url);
  const choices = {
    redeem: !piece && url.searchParams.get("redeem") === "1",
    useStoreCredit: !piece && url.searchParams.get("credit") === "1",
  };
  const cart = await viewInLocale(db, locale, await viewCart(db, actor, choices));
  const checkout = piece ? await viewInLocale(db, locale, await viewOrderNow(db, actor, piece)) : cart;
  const signedIn = actor.kind === "user";
  const profile = signedIn ? await getProfile(db, storage, actor) : null;
  // Cash on delivery's cap applies to what is left to pay after store credit.
  const payment = paymentChoices(config.payments, payments !== null, {
    total: checkout.storeCredit?.toPay ?? checkout.grandTotal,
  });
  // The cart says before the checkout form when cash on delivery cannot take it, and what to do.
  const cartPayment = paymentChoices(config.payments, payments !== null, {
    total: cart.storeCredit?.toPay ?? cart.grandTotal,
  });
  return {
    cart,
    checkout,
    payment,
    cartPayment,
    piece,
    signedIn,
    checkoutOpen: signedIn && url.searchParams.has("checkout") && checkout.lines.length > 0 && !checkout.blocked,
    // A new key for every checkout form shown; a double submit of one form reuses it.
    idempotencyKey: crypto.randomUUID(),
    // The checkout starts from the profile's saved delivery address.
    defaults: {
      name: profile?.name ?? "",
      address: profile?.address ?? "",
      city: profile?.city ?? "",
      stateCode: profile?.stateCode ?? "",
      pincode: profile?.pincode ?? "",
      phone: profile?.phone ?? "",
    },
  };
}

/** Which of the cart's buttons was pressed, and the page to go back to after a plain post. */
const cartForm = z.object({
  intent: z.enum(["add", "order-now", "quantity", "remove", "checkout", "apply-code", "remove-code"], {
    error: "Unknown cart action.",
  }),
  backTo: returnPath("/cart"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { form, headers, actor, fields } = await readGuestPost(context, request, cartForm);
  const { intent, backTo } = fields;
  const { db } = appServices(context);
  // Buy Now for a signed-in customer; a visitor chooses how to check out on /account first.
  if (intent === "checkout")
    return actor.kind === "user" ? checkoutFromForm(context, request, form) : redirect("/account");
  try {
    if (intent === "order-now") {
      const piece = await orderNowPiece(db, formFields(form, pieceSchema));
      return redirect(orderNowPath(piece, actor.kind === "user"), { headers });
    }
    if (intent === "add") {
      await addToCart(db, actor, formFields(form, addToCartSchema));
      const added = makeToast("success", "Added to cart", undefined, { label: "View cart", to: "/cart" });
      return actionDone(context, request, added, { backTo, headers });
    }
    if (intent === "apply-code") {
      const message = await applyCartCode(db, actor, formFields(form, offerCodeSchema));
      return actionDone(context, request, makeToast("success", message), { backTo, headers });
    }
    if (intent === "remove-code") {
      await removeCartCode(db, actor);
      return actionDone(context, request, makeToast("info", "Code removed"), { backTo, headers });
    }
    if (intent === "quantity") {
      await setQuantity(db, actor, formFields(form, setQuantitySchema));
      return actionDone(context, request, makeToast("info", "Quantity updated", 1500), { backTo, headers });
    }
    await removeFromCart(db, actor, formFields(form, removeLineSchema));
    return actionDone(context, request, makeToast("success", "Item removed from cart"), { backTo, headers });
  } catch (error) {
    return actionFailed(context, request, error, { backTo, headers });
  }
}

export const meta = privatePageMeta("cart.title", "cart.description");

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, piece, signedIn, checkoutOpen, cartPayment } = loaderData;
  const cartCheckout = cartPath(choicesOf(cart), { checkout: true });
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {/* Focus comes here when the last line is removed. */}
      <h1 id="cart-heading" tabIndex={-1} className="font-display text-3xl font-semibold">
        {t("cart.title")}
      </h1>
      {cart.lines.length === 0 ? (
        <EmptyNotice message="empty.cart" />
      ) : (
        <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_20rem]">
          <section aria-label={t("cart.items")}>
            <CartLines lines={cart.lines} />
          </section>
          <CartSummary totals={cart}>
            <BuyNow to={signedIn ? cartCheckout : "/account"} blocked={cart.blocked} payment={cartPayment} />
          </CartSummary>
        </div>
      )}
      {checkoutOpen ? (
        <CartCheckout
          data={loaderData}
          failure={checkoutFailure(actionData)}
          action={piece ? `/cart?checkout&${pieceSearch(piece)}` : cartCheckout}
        />
      ) : null}
    </div>
  );
}

/** The checkout over the cart (or over Order Now's piece): what is bought, the points, and the form. */
function CartCheckout({
  data: { checkout, piece, idempotencyKey, defaults, payment },
  failure,
  action,
}: {
  data: Route.ComponentProps["loaderData"];
  failure: CheckoutFailure | null;
  action: string;
}) {
  return (
    <CheckoutDialog closeTo={piece ? `/productinfo/${piece.productId}` : "/cart"}>
      <OrderItems
        lines={checkout.lines}
        totals={checkout}
        online={payment.online}
        storeCredit={checkout.storeCredit?.applied ? checkout.storeCredit : null}
      />
      <div className="mb-4 rounded-md bg-gold-50 p-3 dark:bg-gold-900/30">
        <PointsNote figures={checkout} />
      </div>
      <CheckoutForm
        action={action}
        guest={false}
        idempotencyKey={idempotencyKey}
        redeemPoints={checkout.redeeming}
        storeCredit={checkout.storeCredit?.applied ?? 0}
        nothingToPay={Boolean(checkout.storeCredit?.applied) && checkout.storeCredit?.toPay === 0}
        piece={piece}
        quote={writeQuote(checkout.lines, checkout.grandTotal, seenOffers(checkout.offers))}
        payment={payment}
        error={failure?.message}
        errorCode={failure?.code}
        fieldErrors={failure?.fieldErrors}
        values={failure?.values ?? defaults}
      />
    </CheckoutDialog>
  );
}

/**
 * Buy Now, or why it waits: some lines cannot be bought as they are, or nothing can pay the order as
 * it stands (cash on delivery capped and no online payment). Cash's cap, when the cart is above it,
 * is said first, with what to do.
 */
function BuyNow({ to, blocked, payment }: { to: string; blocked: boolean; payment: PaymentChoices }) {
  const unpayable = !payment.online && !payment.cod.offered;
  const t = useT();
  return (
    <>
      {payment.capNote ? <CodCapNote note={payment.capNote} /> : null}
      {blocked || unpayable ? (
        <button
          type="button"
          className="btn-gold w-full"
          disabled
          aria-describedby={blocked ? "checkout-blocked" : "cod-cap-note"}
        >
          {t("cart.buyNow")}
        </button>
      ) : (
        <Link to={to} className="btn-gold w-full" preventScrollReset>
          {t("cart.buyNow")}
        </Link>
      )}
      {blocked ? <CheckoutBlocked where="cart" /> : null}
    </>
  );
}

type CheckoutFailure = FormFailure & { values: CheckoutValues };

/** The cart's actions answer in several shapes; only a failed checkout carries the typed values. */
function checkoutFailure(result: unknown): CheckoutFailure | null {
  return typeof result === "object" && result !== null && "values" in result ? (result as CheckoutFailure) : null;
}

/**
 * The checkout as a modal over the cart; Escape, the backdrop or Close go back to the cart (or, for
 * Order Now, to the product).
 */
function CheckoutDialog({ closeTo, children }: { closeTo: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Modal open onClose={() => void navigate(closeTo, { preventScrollReset: true })} labelledBy="checkout-title">
      <div className="p-6">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="checkout-title" className="text-xl font-semibold">
            Checkout
          </h2>
          <Link to={closeTo} preventScrollReset className="text-sm underline">
            Close
          </Link>
        </div>
        {children}
      </div>
    </Modal>
  );
}
