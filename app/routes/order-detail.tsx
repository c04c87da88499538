import { localeOfPath } from "#core/locales.ts";
import { customerCancelSchema } from "#server/orders/orders.schemas.ts";
import { cancelOrderAsBuyer, customerOrder } from "#server/orders/orders.service.ts";
import { orderReturnsPanel } from "#server/returns/returns.service.ts";
import { orderParcel } from "#server/shipping/parcel-views.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { CancelOrderForm } from "../components/orders/cancel-order-form.tsx";
import { OrderView } from "../components/orders/order-view.tsx";
import { OrderReturns } from "../components/returns/order-returns.tsx";
import { pageMeta } from "../lib/seo.ts";
import { translator, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/order-detail";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, config } = appServices(context);
  return {
    order: await customerOrder(db, actor, params.number),
    returns: await orderReturnsPanel(db, config, actor, { orderNumber: params.number }),
    parcel: await orderParcel(db, actor, { orderNumber: params.number }),
  };
}

/** The customer cancels their own order before it ships. */
export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const input = formFields(await readForm(request), customerCancelSchema);
  try {
    await cancelOrderAsBuyer(appServices(context).db, actor, { orderNumber: params.number }, input);
  } catch (error) {
    return formFailure(error);
  }
  return redirectWithToast(context, url.pathname, makeToast("success", "Your order is cancelled"));
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta({
    title: t("order.heading", { number: loaderData?.order.orderNumber ?? "" }),
    description: t("order.description"),
    noindex: true,
  });
};

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/order" className="text-sm underline">
        {t("orders.back")}
      </Link>
      <div className="mt-4">
        <OrderView
          order={loaderData.order}
          parcel={loaderData.parcel}
          documentsPath={`/order/${loaderData.order.orderNumber}`}
        >
          {loaderData.order.cancellable ? <CancelOrderForm failure={actionData} /> : null}
          <OrderReturns panel={loaderData.returns} orderPath={`/order/${loaderData.order.orderNumber}`} />
        </OrderView>
      </div>
    </div>
  );
}
