import { type RouterContextProvider, redirect } from "react-router";
import { checkoutSchema, guestCheckoutSchema } from "#server/orders/orders.schemas.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { formFailure } from "./action-results.ts";
import { appServices, requestInfo } from "./context.ts";
import { formFields } from "./forms.ts";
import { actorOf } from "./session.ts";
import { makeToast, redirectWithToast } from "./toasts.ts";

/**
 * Places the order a checkout form describes, for the cart's dialog and the guest page alike: on
 * success the buyer goes to the order's confirmation page (its secret address, which its mails
 * carry too); on failure the form comes back with what was typed and why.
 */
export async function checkoutFromForm(context: Readonly<RouterContextProvider>, form: FormData) {
  const actor = actorOf(context);
  const input = formFields(form, actor.kind === "user" ? checkoutSchema : guestCheckoutSchema);
  // What was typed, so that the form shown again without JavaScript keeps it.
  const {
    idempotencyKey: _key,
    redeemPoints: _points,
    seenQuote: _quote,
    storeCredit: _credit,
    whatsappUpdates: _whatsapp,
    ...values
  } = input;
  try {
    const { db, config } = appServices(context);
    const { payments } = appServices(context);
    const order = await placeOrder(db, actor, input, {
      seller: config.seller,
      delivery: config.delivery,
      buyerIp: requestInfo(context).ip,
      payments: { ...config.payments, online: payments !== null },
    });
    // An online order goes on to be paid; its stock is held meanwhile.
    if (order.payOnline) return redirect(`/orders/${order.accessToken}/pay`);
    // Every buyer lands on the order's confirmation page, with its delivery promise; a customer's
    // links on to My Orders.
    return redirectWithToast(
      context,
      `/orders/${order.accessToken}`,
      makeToast("success", "Order placed successfully"),
    );
  } catch (error) {
    return formFailure(error, "Failed to place the order", values);
  }
}
