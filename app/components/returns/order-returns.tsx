import { formatShopDate, formatShopDay } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { RETURN_REASONS, type ReturnReason } from "#core/returns.ts";
import { sizeText, sizeWords } from "#core/sizes.ts";
import type { ReturnSummary } from "#server/returns/returns.service.ts";
import { Link } from "../../locales/link.tsx";
import { DocumentLink } from "../orders/document-link.tsx";
import { TrackingNumber } from "../orders/tracking-number.tsx";

type Panel = { returns: (ReturnSummary & { title: string; size: string })[]; canReturn: boolean };

/** A return's credit note, and an exchange's replacement invoice, to download once issued. */
function ReturnDocuments({ entry, path }: { entry: ReturnSummary; path: string }) {
  if (!entry.creditNote) return null;
  return (
    <ul className="flex flex-wrap gap-3">
      <li>
        <DocumentLink href={`${path}/credit-note`}>Credit note {entry.creditNote.number}</DocumentLink>
      </li>
      {entry.exchangeInvoice ? (
        <li>
          <DocumentLink href={`${path}/invoice`}>
            Tax invoice {entry.exchangeInvoice.number} ({sizeWords(entry.exchangeSize ?? "")})
          </DocumentLink>
        </li>
      ) : null}
    </ul>
  );
}

/** One return on the order's page: what, why, where it stands and its money, and its documents. */
function ReturnEntry({ entry, orderPath }: { entry: Panel["returns"][number]; orderPath: string }) {
  return (
    <li className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <p>
        <span className="font-medium">
          {entry.title} · {sizeText(entry.size)} × {entry.quantity}
        </span>{" "}
        · {entry.kind === "exchange" ? `exchange for ${sizeWords(entry.exchangeSize ?? "")}` : "return"} ·{" "}
        {RETURN_REASONS[entry.reason as ReturnReason] ?? entry.reason} · asked on {formatShopDate(entry.createdAt)}
      </p>
      <p>
        Status:{" "}
        <span className="font-semibold" data-testid="return-status">
          {entry.statusLabel}
        </span>
        {entry.kind === "refund" ? ` · ${formatInr(entry.amount)} back` : null}
        {entry.storeCreditBack > 0
          ? ` (${formatInr(entry.storeCreditBack)} of it as store credit, which paid for the order)`
          : null}
        {entry.rejectReason ? ` · ${entry.rejectReason}` : null}
      </p>
      {entry.upi && entry.status === "refunded" ? (
        <p data-testid="return-upi">
          {entry.upi.utr
            ? `Sent to your UPI ID ${entry.upi.id} · UTR ${entry.upi.utr}`
            : `To your UPI ID ${entry.upi.id}, within 2 working days`}
        </p>
      ) : null}
      <ExchangeParcel entry={entry} />
      <ReturnDocuments entry={entry} path={`${orderPath}/returns/${entry.id}`} />
    </li>
  );
}

/** Where an exchange's new size is: being packed, or on its way with its courier and tracking number. */
function ExchangeParcel({ entry }: { entry: ReturnSummary }) {
  const size = sizeWords(entry.exchangeSize ?? "");
  if (entry.status === "exchange-accepted") {
    return <p>We are packing {size} for you; its tracking number shows here once it ships.</p>;
  }
  if (!entry.shipment) return null;
  const { courier, trackingNumber, expectedDeliveryAt, shippedAt } = entry.shipment;
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-3 rounded-md bg-zinc-50 p-3 dark:bg-zinc-900"
      data-testid="exchange-shipment"
    >
      <dt className="text-zinc-600 dark:text-zinc-400">New {size}</dt>
      <dd>{shippedAt ? `Shipped on ${formatShopDate(shippedAt)}` : "Shipped"}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Courier</dt>
      <dd>{courier}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">Tracking number</dt>
      <dd>
        <TrackingNumber courier={courier} trackingNumber={trackingNumber} />
      </dd>
      {expectedDeliveryAt ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">Expected</dt>
          <dd>{formatShopDay(expectedDeliveryAt)}</dd>
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
  if (!panel.canReturn && panel.returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="card flex flex-col gap-3 p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="returns-heading" className="font-semibold">
          Returns and exchanges
        </h2>
        {panel.canReturn ? (
          <Link to={`${orderPath}/return`} className="btn-outline">
            Return or exchange
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
