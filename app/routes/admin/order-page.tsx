import { Link } from "react-router";
import { STATUS_LABELS } from "#core/order-status.ts";
import { adminOrderPage } from "#server/admin/order-page.service.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { BuyerConfirmationPanel } from "../../components/admin/buyer-confirmation-panel.tsx";
import { EwayBillPanel } from "../../components/admin/eway-bill-panel.tsx";
import { OrderMoneyTimeline } from "../../components/admin/order-money-timeline.tsx";
import { OrderActions } from "../../components/admin/orders/order-actions.tsx";
import { OrderReturns } from "../../components/admin/orders/returns-of-order.tsx";
import { ShipmentTimelinePanel } from "../../components/admin/orders/shipment-timeline.tsx";
import { ParcelPanel } from "../../components/admin/parcel-panel.tsx";
import { StaffNotes } from "../../components/admin/staff-notes.tsx";
import { StatusChangeForm } from "../../components/admin/status-change-form.tsx";
import { OrderView } from "../../components/orders/order-view.tsx";
import { TitledSection } from "../../components/ui/titled-section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-page";
import { orderPageAction } from "./order-page.server.ts";

const MISSING = "This order could not be found.";

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, carrier } = appServices(context);
  const page = await adminOrderPage(db, actor, idFromPath(params.orderId, MISSING), { courierOn: carrier !== null });
  // A parcel is usually with the buyer four days after it leaves.
  const expectedDefault = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  return { page, expectedDefault };
}

export async function action(args: Route.ActionArgs) {
  return orderPageAction(args, idFromPath(args.params.orderId, MISSING));
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData ? `Order ${loaderData.page.order.orderNumber}` : "Order",
    description: "An order.",
    noindex: true,
  });

/** Everything about an order in one place, with the steps its state allows. */
export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { order } = page;
  const failure = actionData?.ok === false ? actionData : undefined;
  const failed = (intents: string[]) => (failure && intents.includes(intentOf(failure) ?? "") ? failure : undefined);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <nav className="flex flex-wrap gap-4 text-sm">
        <Link to="/admin/orders" className="underline">
          ← Orders
        </Link>
        {page.customerRef ? (
          <Link to={`/admin/customers/${page.customerRef}`} className="underline" data-testid="customer-link">
            The customer: {order.name}
          </Link>
        ) : null}
      </nav>
      <OrderView order={order} documentsPath={`/admin/orders/${order.id}`}>
        <OrderActions page={page} failure={failed(["confirm", "pack", "ship", "cancel", "buyer-confirmed"])?.message} />
        {page.actions.manage ? (
          <BuyerConfirmationPanel
            state={order.status === "placed" ? order.buyerConfirmation : null}
            recordable={!page.actions.confirm}
          />
        ) : null}
      </OrderView>
      {page.actions.manage ? (
        <StatusPanel page={page} expectedDefault={loaderData.expectedDefault} failure={failed(["status"])} />
      ) : null}
      {page.actions.manage ? <EwayBillPanel order={order} /> : null}
      <ParcelPanel orderId={order.id} parcel={page.parcel} failure={failed(["book-courier", "check-in"])?.message} />
      {page.shipments.length > 0 ? <ShipmentTimelinePanel shipments={page.shipments} /> : null}
      {order.money ? <OrderMoneyTimeline order={{ ...order, money: order.money }} /> : null}
      <OrderReturns returns={page.returns} />
      <StaffNotes notes={page.notes} error={failed(["note"])?.fieldErrors?.body ?? failed(["note"])?.message} />
    </div>
  );
}

type Page = Route.ComponentProps["loaderData"]["page"];

/** The form a failure came from: the page has several, and each says so beside itself. */
function intentOf(failure: object): string | undefined {
  return "values" in failure ? (failure.values as { intent?: string } | undefined)?.intent : undefined;
}

/** Any move the order's table allows, with what its mail needs: the manager's override of the steps above. */
function StatusPanel(props: {
  page: Page;
  expectedDefault: string;
  failure: { message: string; fieldErrors?: Record<string, string> } | undefined;
}) {
  const { order, choices } = props.page;
  return (
    <TitledSection id="status-heading" title="Update Order Status" className="card p-4">
      {choices.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          This order is {STATUS_LABELS[order.status].toLowerCase()}; its status cannot change any more.
        </p>
      ) : (
        <StatusChangeForm
          from={order.status}
          choices={choices}
          expectedDefault={props.expectedDefault}
          failure={props.failure}
        />
      )}
    </TitledSection>
  );
}
