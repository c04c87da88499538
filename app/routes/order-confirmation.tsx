import { orderByAccessToken } from "#server/orders/orders.service.ts";
import { appServices } from "../.server/context.ts";
import { OrderView } from "../components/orders/order-view.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/order-confirmation";

/** A guest's order: reachable only through the secret link shown after checkout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { order: await orderByAccessToken(appServices(context).db, params.token) };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Order confirmation", description: "Your order.", noindex: true }),
  // The address holds the secret: it must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

export default function OrderConfirmation({ loaderData, params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="mb-4 rounded-md bg-green-50 p-4 text-green-800 dark:bg-green-950 dark:text-green-200" role="status">
        Thank you! Your order is placed. Keep this page's address to check on it later; we have e-mailed it to you too.
      </p>
      <OrderView order={loaderData.order} documentsPath={`/orders/${params.token}`} />
    </div>
  );
}
