import type { ReactNode } from "react";
import { formatShopDate, formatShopDateHindi } from "#core/dates.ts";
import { formatInr, formatSignedInr } from "#core/money.ts";
import { shippingText } from "#core/offers.ts";
import { pointsToPaise } from "#core/points.ts";
import type { OrderDetail } from "#server/orders/orders.schemas.ts";
import type { OrderParcel } from "#server/shipping/parcel-views.service.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { OfferRows } from "../cart/offer-rows.tsx";
import { StoreCreditPaid } from "../cart/store-credit-choice.tsx";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { DocumentLink } from "./document-link.tsx";
import { OrderDelivery } from "./order-delivery.tsx";
import { leftToPayLabel, orderPointsText, paymentText, sizeLabel } from "./order-words.ts";
import { StatusBadge } from "./status-badge.tsx";

/** What an online order's buyer should do or know about its money: pay, try again, or where a refund goes. */
function PaymentNotice({ payment }: { payment: OrderDetail["payment"] }) {
  const t = useT();
  if (payment.payPath) {
    const failed = payment.status === "failed";
    return (
      <div
        className="flex flex-col gap-2 rounded-md bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950 dark:text-amber-100"
        role="status"
      >
        <p>{failed ? t("payment.failedNotice") : t("payment.waitingNotice")}</p>
        <Link to={payment.payPath} className="btn-gold shrink-0">
          {failed ? t("payment.tryAgain") : t("payment.payNow")}
        </Link>
      </div>
    );
  }
  if (payment.refundNote) {
    return (
      <p className="rounded-md bg-zinc-100 p-4 text-sm dark:bg-zinc-800" data-testid="refund-note">
        {payment.status === "refunded" ? t("payment.refunded") : t("payment.refunding")}
        {serviceText(t, payment.refundNote)}
      </p>
    );
  }
  return null;
}

/**
 * One order in full: what was bought (as it was then), where it goes, totals, its tax invoice (and
 * credit note) to download from `documentsPath`, and its status history.
 */
export function OrderView({
  order,
  parcel,
  documentsPath,
  children,
}: {
  order: OrderDetail;
  /** The parcel a courier carries, with its tracking page (record 43). */
  parcel?: OrderParcel | null;
  documentsPath: string;
  /** What the viewer can do with the order (cancel it), shown under its heading. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <OrderHeading order={order} />
      {children}
      <OrderLines lines={order.lines} />
      <div className="grid gap-6 md:grid-cols-2">
        <OrderDelivery order={order} parcel={parcel} />
        <OrderTotals order={order} />
      </div>
      {order.invoice ? (
        <TaxDocuments invoice={order.invoice} creditNote={order.creditNote} documentsPath={documentsPath} />
      ) : null}
      <OrderHistory history={order.history} />
    </div>
  );
}

/** The order's number and status, when it was placed, how it is paid, and why it was cancelled. */
function OrderHeading({ order }: { order: OrderDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold">{t("order.heading", { number: order.orderNumber })}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("order.placedOn", {
          date: locale === "hi-IN" ? formatShopDateHindi(order.createdAt) : formatShopDate(order.createdAt),
        })}{" "}
        · {t("order.payment")} <span data-testid="payment-status">{paymentText(t, order.payment)}</span>
      </p>
      <PaymentNotice payment={order.payment} />
      {order.cancelReason ? (
        <p className="text-sm" data-testid="cancel-reason">
          {t("order.cancelled", { reason: serviceText(t, order.cancelReason) })}
        </p>
      ) : null}
    </>
  );
}

/** What was bought, as it was then: each piece with its size, quantity and price. */
function OrderLines({ lines }: { lines: OrderDetail["lines"] }) {
  const t = useT();
  return (
    <ul className="card divide-y divide-zinc-200 dark:divide-zinc-800">
      {lines.map((line) => (
        <li key={`${line.title}-${line.size}`} className="flex items-center gap-4 p-4">
          <ProductThumbnail image={line.image} width={64} />
          <div className="flex-1">
            <p className="font-medium">{line.title}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {sizeLabel(t, line.size)} · {line.quantity} × {formatInr(line.unitPrice)}
            </p>
          </div>
          <p className="font-semibold">{formatInr(line.unitPrice * line.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

/** The order's money: subtotal, offers, shipping and fees to the grand total, then credit and points. */
function OrderTotals({ order }: { order: OrderDetail }) {
  const t = useT();
  const pointsMessage = orderPointsText(t, order);
  return (
    <section className="card p-4 text-sm" aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="mb-2 font-semibold">
        {t("order.totals")}
      </h2>
      <TotalRows order={order} />
      {order.storeCreditUsed > 0 ? (
        <StoreCreditPaid
          applied={order.storeCreditUsed}
          toPay={order.total - order.storeCreditUsed}
          left={leftToPayLabel(t, order)}
        />
      ) : null}
      {pointsMessage ? (
        <p className="mt-2 text-gold-700 dark:text-gold-300" data-testid="order-points">
          {pointsMessage}
        </p>
      ) : null}
    </section>
  );
}

/** The totals' rows, each shown only when it applies. */
function TotalRows({ order }: { order: OrderDetail }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-1">
      <dt>{t("order.subtotal")}</dt>
      <dd>{formatInr(order.subtotal)}</dd>
      <OfferRows offers={order.offers} rowClass="col-span-2 flex justify-between gap-3" />
      <dt>{t("order.shipping")}</dt>
      <dd>{serviceText(t, shippingText(order.shipping, order.offers))}</dd>
      {order.payment.codFee > 0 ? (
        <>
          <dt>{t("order.codFee")}</dt>
          <dd>{formatInr(order.payment.codFee)}</dd>
        </>
      ) : null}
      {order.pointsRedeemed > 0 ? (
        <>
          <dt>{t("order.pointsRedeemed")}</dt>
          <dd>−{formatInr(pointsToPaise(order.pointsRedeemed))}</dd>
        </>
      ) : null}
      {order.roundOff !== 0 ? (
        <>
          <dt>{t("order.roundOff")}</dt>
          <dd data-testid="order-round-off">{formatSignedInr(order.roundOff)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">{t("order.grandTotal")}</dt>
      <dd className="font-semibold" data-testid="order-total">
        {formatInr(order.total)}
      </dd>
    </dl>
  );
}

/** The tax invoice, and the credit note once there is one, to download. */
function TaxDocuments({
  invoice,
  creditNote,
  documentsPath,
}: {
  invoice: NonNullable<OrderDetail["invoice"]>;
  creditNote: OrderDetail["creditNote"];
  documentsPath: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="documents-heading" className="card p-4 text-sm">
      <h2 id="documents-heading" className="mb-2 font-semibold">
        {t("order.taxDocuments")}
      </h2>
      <ul className="flex flex-wrap gap-3">
        <li>
          <DocumentLink href={`${documentsPath}/invoice`}>
            {t("order.taxInvoice", { number: invoice.number })}
          </DocumentLink>
        </li>
        {creditNote ? (
          <li>
            <DocumentLink href={`${documentsPath}/credit-note`}>
              {t("order.creditNote", { number: creditNote.number })}
            </DocumentLink>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** Each move of the order's status, with its date. */
function OrderHistory({ history }: { history: OrderDetail["history"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="history-heading" className="text-sm">
      <h2 id="history-heading" className="mb-2 font-semibold">
        {t("order.history")}
      </h2>
      <ol className="flex flex-col gap-1">
        {history.map((entry) => (
          <li key={`${entry.to}-${entry.at}`}>
            {locale === "hi-IN" ? formatShopDateHindi(entry.at) : formatShopDate(entry.at)}:{" "}
            {entry.from ? `${t(`status.${entry.from}`)} → ` : ""}
            {t(`status.${entry.to}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
