import { customerCancelSchema } from "#server/orders/orders.schemas.ts";
import { cancelOrderAsBuyer, orderByAccessToken } from "#server/orders/orders.service.ts";
import { orderReturnsPanel } from "#server/returns/returns.service.ts";
import { orderParcel } from "#server/shipping/parcel-views.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { CancelOrderForm } from "../components/orders/cancel-order-form.tsx";
import { OrderPlacedNotice } from "../components/orders/order-placed-notice.tsx";
import { OrderView } from "../components/orders/order-view.tsx";
import { OrderReturns } from "../components/returns/order-returns.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/order-confirmation";

/**
 * An order's confirmation page, reachable only through its secret link: where every buyer lands
 * after checkout (a guest and a customer alike), and the link its mails carry.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = appServices(context);
  return {
    order: await orderByAccessToken(db, params.token),
    returns: await orderReturnsPanel(db, config, actorOf(context), { accessToken: params.token }),
    parcel: await orderParcel(db, actorOf(context), { accessToken: params.token }),
  };
}

/** Whoever holds the order's secret link (its buyer, from the mail) may cancel it before it ships. */
export async function action({ request, params, context, url }: Route.ActionArgs) {
  const input = formFields(await readForm(request), customerCancelSchema);
  const which = { accessToken: params.token };
  try {
    await cancelOrderAsBuyer(appServices(context).db, actorOf(context), which, input);
  } catch (error) {
    return formFailure(error);
  }
  return redirectWithToast(context, url.pathname, makeToast("success", "Your order is cancelled"));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Order confirmation", description: "Your order.", noindex: true }),
  // The address holds the secret: it must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

export default function OrderConfirmation({ loaderData, params, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {order.status === "placed" && !order.payment.payPath ? <OrderPlacedNotice order={order} /> : null}
      <OrderView order={order} parcel={loaderData.parcel} documentsPath={`/orders/${params.token}`}>
        {order.cancellable ? <CancelOrderForm failure={actionData} /> : null}
        <OrderReturns panel={loaderData.returns} orderPath={`/orders/${params.token}`} />
      </OrderView>
    </div>
  );
}
