import { Link } from "react-router";
import { customerOrder } from "#server/orders/orders.service.ts";
import { appServices } from "../.server/context.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { OrderView } from "../components/orders/order-view.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/order-detail";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  return { order: await customerOrder(appServices(context).db, actor, params.number) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: `Order ${loaderData?.order.orderNumber ?? ""}`, description: "Your order.", noindex: true });

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/order" className="text-sm underline">
        ← My Orders
      </Link>
      <div className="mt-4">
        <OrderView order={loaderData.order} documentsPath={`/order/${loaderData.order.orderNumber}`} />
      </div>
    </div>
  );
}
