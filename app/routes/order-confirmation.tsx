import { customerCancelSchema } from "#server/orders/orders.schemas.ts";
import { cancelOrderAsBuyer, orderByAccessToken } from "#server/orders/orders.service.ts";
import { orderReturnsPanel } from "#server/returns/returns.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { CancelOrderForm } from "../components/orders/cancel-order-form.tsx";
import { OrderView } from "../components/orders/order-view.tsx";
import { OrderReturns } from "../components/returns/order-returns.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/order-confirmation";

/** A guest's order: reachable only through the secret link shown after checkout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = appServices(context);
  return {
    order: await orderByAccessToken(db, params.token),
    returns: await orderReturnsPanel(db, config, actorOf(context), { accessToken: params.token }),
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
      {order.status === "placed" && !order.payment.payPath ? (
        <p
          className="mb-4 rounded-md bg-green-50 p-4 text-green-800 dark:bg-green-950 dark:text-green-200"
          role="status"
        >
          Thank you! Your order is placed. Keep this page's address to check on it later; we have e-mailed it to you
          too.
        </p>
      ) : null}
      <OrderView order={order} documentsPath={`/orders/${params.token}`}>
        {order.cancellable ? <CancelOrderForm failure={actionData} /> : null}
        <OrderReturns panel={loaderData.returns} orderPath={`/orders/${params.token}`} />
      </OrderView>
    </div>
  );
}
