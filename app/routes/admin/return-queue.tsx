import { Form } from "react-router";
import { z } from "zod";
import { formatShopDateTime, formatShopDay } from "#core/dates.ts";
import { imageSources } from "#core/image-shapes.ts";
import { formatInr } from "#core/money.ts";
import { visibleEmail } from "#core/phone.ts";
import {
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
  returnStepLabel,
} from "#core/returns.ts";
import { sizeText, sizeWords } from "#core/sizes.ts";
import { shipExchangeSchema, shipExchangeWithDetails } from "#server/returns/exchange-shipping.ts";
import { advanceReturn, advanceReturnSchema, returnQueue, returnsByReason } from "#server/returns/returns.service.ts";
import { recordUpiRefund, upiRefundSchema } from "#server/returns/upi-refunds.ts";
import { formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { ReturnReasonsTable } from "../../components/admin/return-reasons-table.tsx";
import { TabLinks } from "../../components/admin/tab-links.tsx";
import { TrackingNumber } from "../../components/orders/tracking-number.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { PhotoThumbnails } from "../../components/ui/photo-thumbnails.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { TitledSection } from "../../components/ui/titled-section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/return-queue";

function statusOf(url: URL): ReturnStatus | null {
  const asked = url.searchParams.get("status");
  return RETURN_STATUSES.find((status) => status === asked) ?? null;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const status = statusOf(url);
  return { status, queue: await returnQueue(db, actor, status), reasons: await returnsByReason(db, actor) };
}

/** The queue's forms: a step of a request (no intent), the new size shipped, or a UPI refund's UTR. */
const returnForm = z.object({
  intent: z.enum(["step", "ship", "upi-paid"], { error: "Unknown return action." }).default("step"),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const back = `/admin/returns${url.search}`;
  try {
    const form = await readForm(request);
    const { intent } = routeFields(form, returnForm);
    if (intent === "upi-paid") {
      await recordUpiRefund(db, actor, formFields(form, upiRefundSchema));
      return redirectWithToast(context, back, makeToast("success", "The return is now: Refunded."));
    }
    if (intent === "ship") {
      const parcel = formFields(form, shipExchangeSchema);
      try {
        await shipExchangeWithDetails(db, actor, parcel);
      } catch (error) {
        // The refusal is said on the form of the return it is about.
        return formFailure(error, undefined, { returnId: String(parcel.returnId) });
      }
      return redirectWithToast(context, back, makeToast("success", "The new size is on its way: the buyer is told."));
    }
    const step = await advanceReturn(db, actor, formFields(form, advanceReturnSchema));
    return redirectWithToast(context, back, makeToast("success", `The return is now: ${step}.`));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Returns", description: "Returns and exchanges, step by step.", noindex: true });

/** The step the administrator takes next, by where a request stands (rejection has its own form). */
function nextStep(status: ReturnStatus, kind: "refund" | "exchange"): { to: ReturnStatus; label: string } | null {
  if (status === "requested") return { to: "pickup-scheduled", label: "Schedule pickup" };
  if (status === "pickup-scheduled") return { to: "picked-up", label: "Mark picked up" };
  if (status === "picked-up") return { to: "received", label: "Mark received" };
  if (status === "received")
    return kind === "refund"
      ? { to: "refunded", label: "Accept: restock and refund" }
      : { to: "exchange-accepted", label: "Accept: restock and pack the new size" };
  return null;
}

const canReject = (status: ReturnStatus) =>
  status === "requested" || status === "pickup-scheduled" || status === "received";

type Queued = Route.ComponentProps["loaderData"]["queue"][number];

function moneyWay(entry: Queued): string {
  if (entry.kind === "exchange") return `Exchange for ${sizeWords(entry.exchangeSize ?? "")}`;
  const way =
    entry.refundMethod === "upi"
      ? `to UPI ID ${entry.upiId}`
      : entry.refundMethod === "store-credit"
        ? "as store credit"
        : "to the original payment";
  return `Refund of ${formatInr(entry.amount)} ${way}`;
}

/** One request: who asked, what and why, and the step to take next (or its rejection). */
function QueuedReturn({ entry, failure }: { entry: Queued; failure: Failure }) {
  return (
    <li className="card flex flex-col gap-2 p-4 text-sm" data-testid="queued-return">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          {entry.title} · {sizeText(entry.size)} × {entry.quantity}
        </h2>
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium dark:bg-zinc-800">
          {returnStepLabel(entry.status, entry.refundStatus)}
        </span>
      </div>
      <p>
        Order {entry.orderNumber} · {entry.name} {visibleEmail(entry.email) ? ` (${entry.email})` : ""} · asked{" "}
        {formatShopDateTime(entry.createdAt)}
      </p>
      <p>
        {moneyWay(entry)} · Reason: {RETURN_REASONS[entry.reason as ReturnReason] ?? entry.reason} ·{" "}
        {entry.selfShip ? "shopper posts it back" : "courier pickup"}
      </p>
      {entry.note ? <p className="whitespace-pre-line">Note: {entry.note}</p> : null}
      {entry.photo ? <ShopperPhoto photo={entry.photo} title={entry.title} /> : null}
      {entry.rejectReason ? <p>Rejected: {entry.rejectReason}</p> : null}
      {entry.shipment ? (
        <p data-testid="exchange-shipment">
          New {sizeWords(entry.exchangeSize ?? "")} shipped with {entry.shipment.courier} · tracking{" "}
          <TrackingNumber courier={entry.shipment.courier} trackingNumber={entry.shipment.trackingNumber} />
          {entry.shipment.expectedDeliveryAt ? ` · expected ${formatShopDay(entry.shipment.expectedDeliveryAt)}` : ""}
        </p>
      ) : null}
      {entry.creditNoteNumber ? (
        <ReturnDocuments
          returnId={entry.id}
          creditNote={entry.creditNoteNumber}
          replacementInvoice={entry.exchangeInvoiceNumber}
        />
      ) : null}
      <ReturnActions entry={entry} failure={failure} />
    </li>
  );
}

/** The shopper's photo of the piece, small, with a link to it in full. */
function ShopperPhoto({ photo, title }: { photo: string; title: string }) {
  return (
    <div className="flex items-end gap-3">
      <PhotoThumbnails photos={[photo]} describe={() => `The shopper's photo of ${title}`} />
      <a
        href={imageSources(photo, "product", 960).src}
        target="_blank"
        rel="noreferrer"
        className="underline underline-offset-4"
      >
        Open the photo in full
      </a>
    </div>
  );
}

/** The return's credit note, and an exchange's replacement invoice, to download. */
function ReturnDocuments({
  returnId,
  creditNote,
  replacementInvoice,
}: {
  returnId: number;
  creditNote: string;
  replacementInvoice: string | null;
}) {
  return (
    <p className="flex flex-wrap gap-x-4">
      <a href={`/admin/returns/${returnId}/credit-note`} className="underline underline-offset-4" download>
        Credit note {creditNote}
      </a>
      {replacementInvoice ? (
        <a href={`/admin/returns/${returnId}/invoice`} className="underline underline-offset-4" download>
          Replacement invoice {replacementInvoice}
        </a>
      ) : null}
    </p>
  );
}

function ReturnActions({ entry, failure }: { entry: Queued; failure: Failure }) {
  const step = nextStep(entry.status, entry.kind);
  const what = `${entry.title} (${sizeWords(entry.size)}) of order ${entry.orderNumber}`;
  if (entry.status === "exchange-accepted") return <ShipExchangeForm entry={entry} failure={failure} />;
  return (
    <div className="flex flex-wrap items-end gap-3">
      {step ? (
        <Form method="post">
          <input type="hidden" name="returnId" value={entry.id} />
          <input type="hidden" name="from" value={entry.status} />
          <input type="hidden" name="to" value={step.to} />
          <button type="submit" className="btn-primary" aria-label={`${step.label}: ${what}`}>
            {step.label}
          </button>
        </Form>
      ) : null}
      {entry.refundMethod === "upi" && entry.status === "refunded" && entry.refundStatus === "requested" ? (
        <UpiRefundForm entry={entry} what={what} />
      ) : null}
      {entry.refundMethod === "upi" && entry.refundStatus === "processed" ? (
        <p>UPI transfer made · UTR {entry.refundReference}</p>
      ) : null}
      {canReject(entry.status) ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="returnId" value={entry.id} />
          <input type="hidden" name="from" value={entry.status} />
          <input type="hidden" name="to" value="rejected" />
          <div>
            <label htmlFor={`reject-${entry.id}`} className="label">
              {entry.status === "received" ? "Failed the quality check because" : "Reason for rejecting"}
            </label>
            <input id={`reject-${entry.id}`} name="rejectReason" className="field" maxLength={300} required />
          </div>
          <SubmitButton label="Reject" pendingLabel="Saving…" className="btn-outline" />
        </Form>
      ) : null}
    </div>
  );
}

/**
 * A refund to UPI is made from the shop's bank by hand; its UTR, entered here, marks it Refunded
 * and tells the shopper.
 */
function UpiRefundForm({ entry, what }: { entry: Queued; what: string }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="upi-paid" />
      <input type="hidden" name="returnId" value={entry.id} />
      <div>
        <label htmlFor={`utr-${entry.id}`} className="label">
          UTR of the UPI transfer to {entry.upiId}
        </label>
        <input
          id={`utr-${entry.id}`}
          name="utr"
          className="field"
          inputMode="numeric"
          pattern="[0-9 ]{12,15}"
          maxLength={15}
          autoComplete="off"
          required
        />
      </div>
      <button type="submit" className="btn-primary" aria-label={`Mark refunded: ${what}`}>
        Mark refunded
      </button>
    </Form>
  );
}

type Failure = { message: string; fieldErrors?: Record<string, string>; values?: { returnId?: string } } | undefined;

const SHIP_LABELS = { courier: "Courier", trackingNumber: "Tracking number", expectedDelivery: "Expected delivery" };

/** The replacement's parcel, as the buyer's mail gives it: the courier, its number, the day expected. */
const shipFields = (expectedDefault: string) =>
  [
    { name: "courier", autoComplete: "off" },
    { name: "trackingNumber", autoComplete: "off" },
    { name: "expectedDelivery", type: "date", defaultValue: expectedDefault },
  ] as const;

/**
 * An accepted exchange's new size leaves as an order does: the courier, the tracking number and the
 * day expected go into the buyer's mail and onto their order page.
 */
function ShipExchangeForm({ entry, failure }: { entry: Queued; failure: Failure }) {
  const mine = failure?.values?.returnId === String(entry.id) ? failure : undefined;
  const errors = mine?.fieldErrors ?? {};
  const id = (name: string) => `${name}-${entry.id}`;
  const labels = Object.fromEntries(
    Object.entries(SHIP_LABELS).map(([name, label]) => [name, { label, id: id(name) }]),
  );
  // A parcel is usually with the buyer four days after it leaves.
  const expectedDefault = new Date(entry.updatedAt + 4 * 86_400_000).toISOString().slice(0, 10);
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <FormError message={mine?.message} fieldErrors={errors} labels={labels} />
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="returnId" value={entry.id} />
      <fieldset className="grid gap-3 rounded-md border border-zinc-200 p-3 sm:grid-cols-3 dark:border-zinc-700">
        <legend className="px-1 text-sm font-medium">
          Ship the new {sizeWords(entry.exchangeSize ?? "")} (the buyer's mail gives these)
        </legend>
        {shipFields(expectedDefault).map(({ name, ...field }) => (
          <TextField key={name} id={id(name)} name={name} label={SHIP_LABELS[name]} error={errors[name]} {...field} />
        ))}
      </fieldset>
      <div>
        <button
          type="submit"
          className="btn-primary"
          aria-label={`Ship the new size: ${entry.title} of order ${entry.orderNumber}`}
        >
          Ship the new size
        </button>
      </div>
    </Form>
  );
}

/** The Returns queue: filter by step, read the request, take it on, or reject it with a reason. */
export default function ReturnsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { status, queue, reasons } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const filters: { status: ReturnStatus | null; label: string }[] = [
    { status: null, label: "All" },
    ...RETURN_STATUSES.map((value) => ({ status: value, label: RETURN_STATUS_LABELS[value] })),
  ];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Returns</h1>
      <TabLinks
        label="Return status"
        tabs={filters.map((filter) => ({
          key: filter.label,
          to: filter.status ? `/admin/returns?status=${filter.status}` : "/admin/returns",
          current: filter.status === status,
          label: filter.label,
        }))}
      />
      {failure?.values?.returnId ? null : <FormError message={failure?.message} />}
      {queue.length === 0 ? <p>No returns here.</p> : null}
      <ul className="flex flex-col gap-4">
        {queue.map((entry) => (
          <QueuedReturn key={entry.id} entry={entry} failure={failure} />
        ))}
      </ul>
      <TitledSection
        id="reasons-heading"
        title="Returns by reason"
        className="flex flex-col gap-2"
        titleClassName="text-xl font-semibold"
      >
        <ReturnReasonsTable rows={reasons} />
      </TitledSection>
    </div>
  );
}
