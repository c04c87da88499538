import { CircleCheck } from "lucide-react";
import { deliveryWindowText } from "#core/dates.ts";
import type { OrderDetail } from "#server/orders/orders.schemas.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

/**
 * The confirmation at the top of a placed order's page, the same for a guest and a customer: thanks,
 * the delivery promise made at checkout, and where to find the order again (a customer's My Orders;
 * a guest's the page's own address, also mailed).
 */
export function OrderPlacedNotice({ order }: { order: OrderDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      className="mb-6 flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100"
      role="status"
      aria-labelledby="placed-heading"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-green-700 dark:text-green-300" />
      <div className="flex flex-col gap-1">
        <h2 id="placed-heading" className="text-lg font-semibold">
          {t("order.thanks")}
        </h2>
        {order.promisedDelivery ? (
          <p className="font-semibold" data-testid="placed-promise">
            {deliveryWindowText(order.promisedDelivery, locale)}
          </p>
        ) : null}
        {order.isGuest ? (
          <p>{t("order.keepAddress")}</p>
        ) : (
          <p>
            {t("order.emailed")}{" "}
            <Link to="/order" className="font-semibold underline underline-offset-4">
              {t("order.myOrders")}
            </Link>
            .
          </p>
        )}
      </div>
    </section>
  );
}
