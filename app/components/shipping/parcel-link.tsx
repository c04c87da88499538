import { formatShopDay } from "#core/dates.ts";
import type { OrderParcel } from "#server/shipping/parcel-views.service.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";

/** The courier, the AWB, the day expected, where the parcel is, and its tracking page. */
export function ParcelLink({ parcel, delivered }: { parcel: OrderParcel; delivered: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      className="mt-3 flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
      data-testid="order-parcel"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-zinc-600 dark:text-zinc-400">{t("track.courier")}</dt>
        <dd>{parcel.courierName}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">{t("track.awb")}</dt>
        <dd className="font-mono break-all">{parcel.awb}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">{t("track.now")}</dt>
        <dd>{serviceText(t, parcel.statusLabel)}</dd>
        {parcel.expectedDeliveryAt && !delivered ? (
          <>
            <dt className="text-zinc-600 dark:text-zinc-400">{t("track.expected")}</dt>
            <dd>{formatShopDay(parcel.expectedDeliveryAt, locale)}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <Link to={parcel.trackingPath} className="btn-outline" rel="noreferrer">
          {t("track.follow")}
        </Link>
      </div>
    </div>
  );
}
