import { LoaderCircle } from "lucide-react";
import { useNavigation } from "react-router";
import { formatShopDate, formatShopDateHindi } from "#core/dates.ts";
import { formatRs } from "#core/money.ts";
import { listForCustomer } from "#server/orders/orders.service.ts";
import { pageNumber } from "#server/validation/fields.ts";
import { appServices } from "../.server/context.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { ShopImage } from "../components/catalog/shop-image.tsx";
import { StatusBadge } from "../components/orders/status-badge.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { useLocale, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/order";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const page = pageNumber(url.searchParams.get("page"), 1000);
  return { ...(await listForCustomer(appServices(context).db, actor, page)), page };
}

export const meta = privatePageMeta("orders.title", "orders.description");

/** The signed-in customer's own orders, newest first. */
export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, hasNext } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/order");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex items-center gap-3">
        <h1 className="font-display text-3xl font-semibold">{t("orders.title")}</h1>
        {loading ? (
          <LoaderCircle
            aria-label={t("orders.loading")}
            role="status"
            className="size-6 animate-spin text-gold-700 dark:text-gold-400"
          />
        ) : null}
      </div>
      {orders.length === 0 ? (
        <p className="card mt-6 p-10 text-center text-lg">{t("orders.none")}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        hasPrevious={page > 1}
        hasNext={hasNext}
        hrefFor={(target) => (target === 1 ? "/order" : `/order?page=${target}`)}
      />
    </div>
  );
}

/** An order at a glance: its first piece's picture and words, status, total, size and date; it opens the order. */
function OrderCard({ order }: { order: Route.ComponentProps["loaderData"]["orders"][number] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link
      to={`/order/${order.orderNumber}`}
      className="flex gap-4 rounded-lg border border-zinc-200 bg-white p-3 shadow-sm transition hover:shadow-md sm:p-4 dark:border-zinc-700 dark:bg-zinc-800"
      data-testid="order-card"
    >
      {order.firstItem ? (
        <div className="w-20 shrink-0 self-start overflow-hidden rounded-md bg-zinc-100 sm:w-[150px] dark:bg-zinc-700">
          <ShopImage
            image={order.firstItem.image}
            shape="product"
            alt={order.firstItem.title}
            sizes="(min-width: 640px) 150px, 80px"
            preferredWidth={320}
            className="aspect-[4/5] w-full object-cover"
          />
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <p className="font-semibold">{order.firstItem?.title ?? t("orders.order")}</p>
          {/* The spec's "Status", said by the badge itself. */}
          <p className="text-sm">
            <span className="sr-only">{t("orders.status")}</span>
            <StatusBadge status={order.status} />
          </p>
        </div>
        <p className="line-clamp-1 text-sm text-zinc-600 sm:line-clamp-2 dark:text-zinc-300">
          {order.firstItem?.description}
        </p>
        <p className="mt-auto font-semibold sm:text-lg">{formatRs(order.total)}</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          {t("orders.line", {
            items: order.itemCount === 1 ? t("guest.item") : t("guest.items", { count: order.itemCount }),
            number: order.orderNumber,
            date: locale === "hi-IN" ? formatShopDateHindi(order.createdAt) : formatShopDate(order.createdAt),
          })}
        </p>
      </div>
    </Link>
  );
}
