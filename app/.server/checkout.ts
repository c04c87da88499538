import type { RouterContextProvider } from "react-router";
import { placeOrder } from "#server/orders/orders.service.ts";
import { formFailure } from "./action-results.ts";
import { appServices } from "./context.ts";
import { text } from "./forms.ts";
import { actorOf } from "./session.ts";
import { makeToast, redirectWithToast } from "./toasts.ts";

/**
 * Places the order a checkout form describes, for the cart's dialog and the guest page alike: on
 * success a customer goes to My Orders and a guest to the order's secret page; on failure the form
 * comes back with what was typed and why.
 */
export async function checkoutFromForm(context: Readonly<RouterContextProvider>, form: FormData) {
  const actor = actorOf(context);
  const values = {
    name: text(form, "name"),
    ...(actor.kind === "user" ? {} : { email: text(form, "email") }),
    address: text(form, "address"),
    city: text(form, "city"),
    stateCode: text(form, "stateCode"),
    pincode: text(form, "pincode"),
    phone: text(form, "phone"),
  };
  try {
    const { db, config } = appServices(context);
    const input = {
      ...values,
      email: values.email ?? "",
      idempotencyKey: text(form, "idempotencyKey"),
      redeemPoints: form.get("redeemPoints") === "1",
    };
    const order = await placeOrder(db, actor, input, Date.now(), config.seller);
    const to = actor.kind === "user" ? "/order" : `/orders/${order.accessToken}`;
    return redirectWithToast(context, to, makeToast("success", "Order placed successfully"));
  } catch (error) {
    return formFailure(error, "Failed to place the order", values);
  }
}
