import { formatDeliveryDay, formatShopDate, formatShopDateHindi, indiaDay } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { RETURN_REASONS, type ReturnReason } from "#core/returns.ts";
import type { ReturnSummary } from "#server/returns/returns.service.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { DocumentLink } from "../orders/document-link.tsx";
import { sizeInWords, sizeLabel } from "../orders/order-words.ts";
import { TrackingNumber } from "../orders/tracking-number.tsx";

type Panel = { returns: (ReturnSummary & { title: string; size: string })[]; canReturn: boolean };

/** A return's credit note, and an exchange's replacement invoice, to download once issued. */
function ReturnDocuments({ entry, path }: { entry: ReturnSummary; path: string }) {
  const t = useT();
  if (!entry.creditNote) return null;
  return (
    <ul className="flex flex-wrap gap-3">
      <li>
        <DocumentLink href={`${path}/credit-note`}>
          {t("returns.creditNote", { number: entry.creditNote.number })}
        </DocumentLink>
      </li>
      {entry.exchangeInvoice ? (
        <li>
          <DocumentLink href={`${path}/invoice`}>
            {t("returns.exchangeInvoice", {
              number: entry.exchangeInvoice.number,
              size: sizeInWords(t, entry.exchangeSize ?? ""),
            })}
          </DocumentLink>
        </li>
      ) : null}
    </ul>
  );
}

/** One return on the order's page: what, why, where it stands and its money, and its documents. */
function ReturnEntry({ entry, orderPath }: { entry: Panel["returns"][number]; orderPath: string }) {
  const t = useT();
  const locale = useLocale();
  const reason = RETURN_REASONS[entry.reason as ReturnReason] ?? entry.reason;
  const askedOn = locale === "hi-IN" ? formatShopDateHindi(entry.createdAt) : formatShopDate(entry.createdAt);
  return (
    <li className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <p>
        <span className="font-medium">
          {entry.title} · {sizeLabel(t, entry.size)} × {entry.quantity}
        </span>{" "}
        ·{" "}
        {entry.kind === "exchange"
          ? t("returns.exchangeFor", { size: sizeInWords(t, entry.exchangeSize ?? "") })
          : t("returns.return")}{" "}
        · {serviceText(t, reason)} · {t("returns.askedOn", { date: askedOn })}
      </p>
      <p>
        {t("returns.status")}{" "}
        <span className="font-semibold" data-testid="return-status">
          {serviceText(t, entry.statusLabel)}
        </span>
        {entry.kind === "refund" ? t("returns.back", { amount: formatInr(entry.amount) }) : null}
        {entry.storeCreditBack > 0 ? t("returns.creditBack", { amount: formatInr(entry.storeCreditBack) }) : null}
        {entry.rejectReason ? ` · ${entry.rejectReason}` : null}
      </p>
      {entry.upi && entry.status === "refunded" ? (
        <p data-testid="return-upi">
          {entry.upi.utr
            ? t("returns.upiSent", { id: entry.upi.id, utr: entry.upi.utr })
            : t("returns.upiSoon", { id: entry.upi.id })}
        </p>
      ) : null}
      <ExchangeParcel entry={entry} />
      <ReturnDocuments entry={entry} path={`${orderPath}/returns/${entry.id}`} />
    </li>
  );
}

/** Where an exchange's new size is: being packed, or on its way with its courier and tracking number. */
function ExchangeParcel({ entry }: { entry: ReturnSummary }) {
  const t = useT();
  const locale = useLocale();
  const size = sizeInWords(t, entry.exchangeSize ?? "");
  if (entry.status === "exchange-accepted") {
    return <p>{t("returns.packing", { size })}</p>;
  }
  if (!entry.shipment) return null;
  const { courier, trackingNumber, expectedDeliveryAt, shippedAt } = entry.shipment;
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-3 rounded-md bg-zinc-50 p-3 dark:bg-zinc-900"
      data-testid="exchange-shipment"
    >
      <dt className="text-zinc-600 dark:text-zinc-400">{t("returns.newSize", { size })}</dt>
      <dd>
        {shippedAt
          ? t("returns.shippedOn", {
              date: locale === "hi-IN" ? formatShopDateHindi(shippedAt) : formatShopDate(shippedAt),
            })
          : t("returns.shipped")}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">{t("order.courier")}</dt>
      <dd>{courier}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">{t("order.trackingNumber")}</dt>
      <dd>
        <TrackingNumber courier={courier} trackingNumber={trackingNumber} />
      </dd>
      {expectedDeliveryAt ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("order.expected")}</dt>
          <dd>{formatDeliveryDay(indiaDay(expectedDeliveryAt), locale)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * A delivered order's returns on its page: the link to ask for one while the window is open, each
 * request with its step, and the credit note once the parcel is accepted. `orderPath` is the
 * order's own address (the customer's or the guest's secret one).
 */
export function OrderReturns({ panel, orderPath }: { panel: Panel; orderPath: string }) {
  const t = useT();
  if (!panel.canReturn && panel.returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="card flex flex-col gap-3 p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="returns-heading" className="font-semibold">
          {t("returns.heading")}
        </h2>
        {panel.canReturn ? (
          <Link to={`${orderPath}/return`} className="btn-outline">
            {t("returns.ask")}
          </Link>
        ) : null}
      </div>
      {panel.returns.length > 0 ? (
        <ul className="flex flex-col gap-3" data-testid="order-returns">
          {panel.returns.map((entry) => (
            <ReturnEntry key={entry.id} entry={entry} orderPath={orderPath} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
