import { Link } from "react-router";
import { z } from "zod";
import { formatShopDate } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { customerNoteSchema } from "#server/customers/customers.schemas.ts";
import { addCustomerNote, customerProfile } from "#server/customers/customers.service.ts";
import { actionDone, formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { StaffNotes } from "../../components/admin/staff-notes.tsx";
import { StatusBadge } from "../../components/orders/status-badge.tsx";
import { TitledSection } from "../../components/ui/titled-section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/customer-page";

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return customerProfile(appServices(context).db, actor, params.customerId);
}

const customerForm = z.object({ intent: z.literal("note", { error: "Unknown customer action." }) });

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const form = await readForm(request);
  routeFields(form, customerForm);
  try {
    await addCustomerNote(appServices(context).db, actor, params.customerId, formFields(form, customerNoteSchema));
  } catch (error) {
    return formFailure(error);
  }
  return actionDone(context, request, makeToast("success", "Note saved"), {
    backTo: `/admin/customers/${params.customerId}`,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: loaderData ? loaderData.name : "Customer", description: "A customer.", noindex: true });

type Profile = Route.ComponentProps["loaderData"];

/** A customer: their orders, what they are worth net of refunds, returns and refusals, points, credit and notes. */
export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const customer = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <Link to="/admin/customers" className="text-sm underline">
        ← Customers
      </Link>
      <div>
        <h1 className="font-display text-3xl font-semibold">{customer.name}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {customer.email}
          {customer.phone ? ` · ${customer.phone}` : ""}
          {customer.account ? ` · account since ${formatShopDate(customer.account.since)}` : " · guest"}
          {customer.account?.disabled ? " · disabled" : ""}
        </p>
      </div>
      <Figures customer={customer} />
      <div className="grid gap-6 md:grid-cols-2">
        <Addresses addresses={customer.addresses} />
        <StaffNotes
          notes={customer.notes}
          error={actionData?.ok === false ? (actionData.fieldErrors?.body ?? actionData.message) : undefined}
        />
      </div>
      <Orders orders={customer.recentOrders} total={customer.orders} />
    </div>
  );
}

function Figures({ customer }: { customer: Profile }) {
  const figures = [
    { label: "Lifetime value", value: formatInr(customer.lifetimeValue), note: "orders that sold, less refunds" },
    {
      label: "Average order",
      value: formatInr(customer.averageOrder),
      note: `${customer.ordersSold} sold of ${customer.orders}`,
    },
    {
      label: "Return rate",
      value: customer.returnRate === null ? "—" : `${customer.returnRate} %`,
      note: `${customer.piecesReturned} pieces sent back`,
    },
    { label: "Refused cash parcels", value: String(customer.refusedCashParcels), note: "returned to origin" },
    { label: "Points", value: customer.account ? String(customer.account.points) : "—", note: "spendable now" },
    {
      label: "Store credit",
      value: customer.account ? formatInr(customer.account.storeCredit) : "—",
      note: "to spend",
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="card p-4">
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-semibold" data-testid={`figure-${figure.label}`}>
            {figure.value}
          </dd>
          <dd className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{figure.note}</dd>
        </div>
      ))}
    </dl>
  );
}

function Addresses({ addresses }: { addresses: Profile["addresses"] }) {
  return (
    <TitledSection id="addresses" title="Addresses" className="card p-4">
      <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {addresses.map((entry) => (
          <li key={`${entry.address}-${entry.pincode}`} className="py-2">
            {entry.address}, {entry.city} {entry.pincode}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function Orders({ orders, total }: { orders: Profile["recentOrders"]; total: number }) {
  return (
    <section className="card p-4" aria-labelledby="customer-orders">
      <h2 id="customer-orders" className="text-lg font-semibold">
        Orders {total > orders.length ? `(the latest ${orders.length} of ${total})` : `(${total})`}
      </h2>
      <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link to={`/admin/orders/${order.id}`} className="font-medium underline">
              {order.orderNumber}
            </Link>
            <span className="flex items-center gap-2">
              <StatusBadge status={order.status} />
              {formatInr(order.total)} · {formatShopDate(order.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
