import { data, Link } from "react-router";
import { z } from "zod";
import { STATUS_LABELS, statusChoices } from "#core/order-status.ts";
import { recordEwayBill } from "#server/invoices/eway-bills.service.ts";
import { ewayBillNumberSchema } from "#server/invoices/invoice.schemas.ts";
import { changeStatusSchema } from "#server/orders/orders.schemas.ts";
import { changeStatusWithDetails } from "#server/orders/orders.service.ts";
import {
  cashRemittanceFormSchema,
  markCashCollected,
  recordOrderRemittance,
} from "#server/payments/cash-payments.service.ts";
import { adminOrderWithMoney } from "#server/payments/money-story.ts";
import { adminParcel } from "#server/shipping/parcel-views.service.ts";
import { actionDone, formFailure } from "../../.server/action-results.ts";
import { idFromUrl } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { EwayBillPanel } from "../../components/admin/eway-bill-panel.tsx";
import { OrderMoneyTimeline } from "../../components/admin/order-money-timeline.tsx";
import { ParcelPanel } from "../../components/admin/parcel-panel.tsx";
import { StatusChangeForm } from "../../components/admin/status-change-form.tsx";
import { useReturnToDashboard } from "../../components/admin/use-return-to-dashboard.ts";
import { OrderView } from "../../components/orders/order-view.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/update-order-status";
import { parcelAction } from "./order-parcel.server.ts";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, carrier } = appServices(context);
  const orderId = idFromUrl(url, "order");
  const order = await adminOrderWithMoney(db, actor, orderId);
  const parcel = await adminParcel(db, actor, carrier !== null, orderId);
  // A parcel is usually with the buyer four days after it leaves.
  const expectedDefault = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  return {
    order,
    parcel,
    choices: statusChoices({ status: order.status, paymentMethod: order.payment.method }),
    expectedDefault,
  };
}

/** The page's two forms: the status (the form without an intent), and the e-way bill number. */
const orderForm = z.object({
  intent: z
    .enum(["status", "eway-bill", "cash-collected", "cash-remitted", "book-courier", "check-in"], {
      error: "Unknown order action.",
    })
    .default("status"),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const form = await readForm(request);
  const orderId = idFromUrl(url, "order");
  const { intent } = routeFields(form, orderForm);
  if (intent === "book-courier" || intent === "check-in") return parcelAction(intent, { context, request, orderId });
  if (intent === "cash-collected") {
    try {
      await markCashCollected(appServices(context).db, actor, orderId);
    } catch (error) {
      return formFailure(error);
    }
    return actionDone(context, request, makeToast("success", "Cash marked as collected"), {
      backTo: `/admin/updateorderstatus?id=${orderId}`,
    });
  }
  if (intent === "cash-remitted") {
    try {
      await recordOrderRemittance(appServices(context).db, actor, orderId, formFields(form, cashRemittanceFormSchema));
    } catch (error) {
      return formFailure(error);
    }
    return actionDone(context, request, makeToast("success", "Remittance recorded"), {
      backTo: `/admin/updateorderstatus?id=${orderId}`,
    });
  }
  if (intent === "eway-bill") {
    const input = { ...formFields(form, ewayBillNumberSchema), orderId };
    try {
      await recordEwayBill(appServices(context).db, actor, input);
    } catch (error) {
      return formFailure(error);
    }
    // The order stays on screen, ready to ship.
    return actionDone(context, request, makeToast("success", "E-way bill number saved"), {
      backTo: `/admin/updateorderstatus?id=${orderId}`,
    });
  }
  const input = { ...formFields(form, changeStatusSchema), orderId };
  if (!input.to) return data({ ok: false as const, message: "Please select a status" }, { status: 400 });
  try {
    await changeStatusWithDetails(appServices(context).db, actor, input);
  } catch (error) {
    return formFailure(error, "Error updating order status");
  }
  return actionDone(context, request, makeToast("success", "Order status updated"), {
    backTo: "/dashboard?tab=orders",
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Update order status", description: "Move an order along.", noindex: true });

export default function UpdateOrderStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { order, choices } = loaderData;
  useReturnToDashboard(actionData, "/dashboard?tab=orders");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <Link to="/dashboard?tab=orders" className="text-sm underline">
        ← Dashboard
      </Link>
      <section className="card p-6" aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-xl font-semibold">
          Update Order Status
        </h2>
        {choices.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
            This order is {STATUS_LABELS[order.status].toLowerCase()}; its status cannot change any more.
          </p>
        ) : (
          <StatusChangeForm
            from={order.status}
            choices={choices}
            expectedDefault={loaderData.expectedDefault}
            failure={actionData?.ok === false ? actionData : undefined}
          />
        )}
      </section>
      <ParcelPanel orderId={order.id} parcel={loaderData.parcel} />
      <EwayBillPanel order={order} />
      <OrderMoneyTimeline order={order} />
      <OrderView order={order} documentsPath={`/admin/orders/${order.id}`} />
    </div>
  );
}
