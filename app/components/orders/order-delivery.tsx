import { deliveryWindowText, formatDeliveryDay, indiaDay } from "#core/dates.ts";
import { stateByCode } from "#core/indian-states.ts";
import type { OrderDetail } from "#server/orders/orders.schemas.ts";
import type { OrderParcel } from "#server/shipping/parcel-views.service.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { ParcelLink } from "../shipping/parcel-link.tsx";
import { TrackingNumber } from "./tracking-number.tsx";

/** "Mumbai, Maharashtra 400050": the city, then the state and the pincode, as an address is written. */
export function cityLine(order: Pick<OrderDetail, "city" | "stateCode" | "pincode">): string {
  const state = stateByCode(order.stateCode)?.name ?? "";
  return [order.city, [state, order.pincode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/**
 * Where the order goes, and once shipped, who carries it and when it is expected; a parcel the shop
 * booked with its courier links its tracking page.
 */
export function OrderDelivery({ order, parcel }: { order: OrderDetail; parcel?: OrderParcel | null }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="card p-4 text-sm" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="mb-2 font-semibold">
        {t("order.delivery")}
      </h2>
      {order.promisedDelivery && order.status === "placed" ? (
        <p className="mb-2 font-semibold text-green-800 dark:text-green-300" data-testid="delivery-promise">
          {deliveryWindowText(order.promisedDelivery, locale)}
        </p>
      ) : null}
      <p>{order.name}</p>
      <p className="whitespace-pre-line">{order.address}</p>
      <p>{cityLine(order)}</p>
      <p>{t("order.mobile", { phone: order.phone })}</p>
      {order.email ? <p>{order.email}</p> : null}
      {order.buyerGstin ? (
        <p className="mt-2" data-testid="business-invoice">
          {t("order.businessInvoice", { name: order.buyerLegalName ?? "", gstin: order.buyerGstin })}
        </p>
      ) : null}
      {parcel ? (
        <ParcelLink parcel={parcel} delivered={order.status !== "placed" && order.status !== "shipped"} />
      ) : order.shipment ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
          <dt className="text-zinc-600 dark:text-zinc-400">{t("order.courier")}</dt>
          <dd>{order.shipment.courier}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("order.trackingNumber")}</dt>
          <dd>
            <TrackingNumber courier={order.shipment.courier} trackingNumber={order.shipment.trackingNumber} />
          </dd>
          {order.shipment.expectedDeliveryAt && order.status === "shipped" ? (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("order.expected")}</dt>
              <dd>{formatDeliveryDay(indiaDay(order.shipment.expectedDeliveryAt), locale)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
