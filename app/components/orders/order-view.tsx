import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatShopDate } from "#core/dates.ts";
import { formatInr, formatSignedInr } from "#core/money.ts";
import { shippingText } from "#core/offers.ts";
import { STATUS_LABELS } from "#core/order-status.ts";
import { paymentWords } from "#core/payment-status.ts";
import { orderPointsMessage, pointsToPaise } from "#core/points.ts";
import { sizeText } from "#core/sizes.ts";
import type { OrderDetail } from "#server/orders/orders.schemas.ts";
import type { OrderParcel } from "#server/shipping/parcel-views.service.ts";
import { OfferRows } from "../cart/offer-rows.tsx";
import { StoreCreditPaid } from "../cart/store-credit-choice.tsx";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { DocumentLink } from "./document-link.tsx";
import { OrderDelivery } from "./order-delivery.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** What an online order's buyer should do or know about its money: pay, try again, or where a refund goes. */
function PaymentNotice({ payment }: { payment: OrderDetail["payment"] }) {
  if (payment.payPath) {
    const failed = payment.status === "failed";
    return (
      <div
        className="flex flex-col gap-2 rounded-md bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950 dark:text-amber-100"
        role="status"
      >
        <p>
          {failed
            ? "We did not receive your payment in time. You can try again."
            : "This order is waiting for your payment."}
        </p>
        <Link to={payment.payPath} className="btn-gold shrink-0">
          {failed ? "Try again" : "Pay now"}
        </Link>
      </div>
    );
  }
  if (payment.refundNote) {
    return (
      <p className="rounded-md bg-zinc-100 p-4 text-sm dark:bg-zinc-800" data-testid="refund-note">
        {payment.status === "refunded" ? "Refunded. " : "Your refund is on its way. "}
        {payment.refundNote}
      </p>
    );
  }
  return null;
}

/** What is left after store credit, as its money stands: paid online, in cash, or still due at the door. */
function leftToPayLabel(order: OrderDetail): string {
  if (order.payment.method === "online") return "Paid online";
  if (order.payment.status === "cod-collected" || order.payment.status === "cod-remitted") return "Paid in cash";
  return order.payment.status === "paid" ? "Left to pay" : "To pay on delivery";
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
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold">Order {order.orderNumber}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Placed on {formatShopDate(order.createdAt)} · Payment:{" "}
        <span data-testid="payment-status">{paymentWords(order.payment.method, order.payment.label)}</span>
      </p>
      <PaymentNotice payment={order.payment} />
      {order.cancelReason ? (
        <p className="text-sm" data-testid="cancel-reason">
          Cancelled: {order.cancelReason}
        </p>
      ) : null}
    </>
  );
}

/** What was bought, as it was then: each piece with its size, quantity and price. */
function OrderLines({ lines }: { lines: OrderDetail["lines"] }) {
  return (
    <ul className="card divide-y divide-zinc-200 dark:divide-zinc-800">
      {lines.map((line) => (
        <li key={`${line.title}-${line.size}`} className="flex items-center gap-4 p-4">
          <ProductThumbnail image={line.image} width={64} />
          <div className="flex-1">
            <p className="font-medium">{line.title}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {sizeText(line.size)} · {line.quantity} × {formatInr(line.unitPrice)}
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
  const pointsMessage = orderPointsMessage(order);
  return (
    <section className="card p-4 text-sm" aria-labelledby="totals-heading">
      <h2 id="totals-heading" className="mb-2 font-semibold">
        Totals
      </h2>
      <TotalRows order={order} />
      {order.storeCreditUsed > 0 ? (
        <StoreCreditPaid
          applied={order.storeCreditUsed}
          toPay={order.total - order.storeCreditUsed}
          left={leftToPayLabel(order)}
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
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-1">
      <dt>Subtotal</dt>
      <dd>{formatInr(order.subtotal)}</dd>
      <OfferRows offers={order.offers} rowClass="col-span-2 flex justify-between gap-3" />
      <dt>Shipping</dt>
      <dd>{shippingText(order.shipping, order.offers)}</dd>
      {order.payment.codFee > 0 ? (
        <>
          <dt>Cash on delivery fee</dt>
          <dd>{formatInr(order.payment.codFee)}</dd>
        </>
      ) : null}
      {order.pointsRedeemed > 0 ? (
        <>
          <dt>Points redeemed</dt>
          <dd>−{formatInr(pointsToPaise(order.pointsRedeemed))}</dd>
        </>
      ) : null}
      {order.roundOff !== 0 ? (
        <>
          <dt>Round off</dt>
          <dd data-testid="order-round-off">{formatSignedInr(order.roundOff)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Grand Total</dt>
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
  return (
    <section aria-labelledby="documents-heading" className="card p-4 text-sm">
      <h2 id="documents-heading" className="mb-2 font-semibold">
        Tax documents
      </h2>
      <ul className="flex flex-wrap gap-3">
        <li>
          <DocumentLink href={`${documentsPath}/invoice`}>Tax invoice {invoice.number}</DocumentLink>
        </li>
        {creditNote ? (
          <li>
            <DocumentLink href={`${documentsPath}/credit-note`}>Credit note {creditNote.number}</DocumentLink>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** Each move of the order's status, with its date. */
function OrderHistory({ history }: { history: OrderDetail["history"] }) {
  return (
    <section aria-labelledby="history-heading" className="text-sm">
      <h2 id="history-heading" className="mb-2 font-semibold">
        History
      </h2>
      <ol className="flex flex-col gap-1">
        {history.map((entry) => (
          <li key={`${entry.to}-${entry.at}`}>
            {formatShopDate(entry.at)}: {entry.from ? `${STATUS_LABELS[entry.from]} → ` : ""}
            {STATUS_LABELS[entry.to]}
          </li>
        ))}
      </ol>
    </section>
  );
}
