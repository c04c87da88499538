import { formatShopDate, formatShopDateHindi } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { REFUND_TIMING, RETURN_REASONS, type RefundMethod } from "#core/returns.ts";
import type { ReturnableLine, ReturnOptions } from "#server/returns/return-options.ts";
import { type MessageId, useLocale, useT } from "../../locales/i18n.ts";
import { Form } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { sizeLabel } from "../orders/order-words.ts";
import { FormError } from "../ui/form-error.tsx";
import { PicturePicker } from "../ui/picture-picker.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { SelectField, TextField } from "../ui/text-field.tsx";

const METHOD_LABELS: Record<RefundMethod, MessageId> = {
  gateway: "returns.toGateway",
  "store-credit": "returns.toCredit",
  upi: "returns.toUpi",
};

type Failure = { message: string; fieldErrors?: Record<string, string>; position?: number } | undefined;

/** How the parcel comes back: the courier's free pickup at the order's pincode, or the shopper ships it. */
export function PickupNotice({ pickup }: { pickup: boolean }) {
  const t = useT();
  return (
    <p className="rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-800" data-testid="return-pickup">
      {pickup ? t("returns.pickupFree") : t("returns.pickupPost")}
    </p>
  );
}

/** A delivered line, the shop's return options, and the refusal of the last request, if any. */
type LineFormProps = { line: ReturnableLine; options: ReturnOptions; failure: Failure };

/** One delivered line: what can go back, and the form that asks for it (or why it cannot). */
export function ReturnLineForm({ line, options, failure }: LineFormProps) {
  const t = useT();
  const mine = failure && failure.position === line.position ? failure : undefined;
  const headingId = `return-line-${line.position}`;
  const cannot = line.blocked
    ? line.blocked
    : !options.open
      ? options.why
      : line.returnable === 0
        ? t("returns.allAsked")
        : null;
  return (
    <section className="card flex flex-col gap-3 p-4 text-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold">
        {line.title} · {sizeLabel(t, line.size)} ·{" "}
        {line.quantity === 1 ? t("returns.piece") : t("returns.pieces", { count: line.quantity })}
      </h2>
      {cannot ? (
        <p data-testid="return-blocked">{serviceText(t, cannot)}</p>
      ) : (
        <ReturnRequestForm line={line} options={options} failure={mine} />
      )}
    </section>
  );
}

const fieldId = (line: ReturnableLine, name: string) => `field-${name}-${line.position}`;

function ReturnRequestForm({ line, options, failure }: LineFormProps) {
  const t = useT();
  const reasons = Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label: serviceText(t, label) }));
  const id = (name: string) => fieldId(line, name);
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="position" value={line.position} />
      <FormError
        message={failure?.message}
        fieldErrors={failure?.fieldErrors}
        labels={{
          quantity: { label: t("returns.howMany"), id: id("quantity") },
          reason: { label: t("returns.why"), id: id("reason") },
          exchangeSize: { label: t("returns.newSizeLabel"), id: id("exchangeSize") },
          upiId: { label: t("returns.upiId"), id: id("upiId") },
          photo: { label: t("returns.photoShort"), id: id("photo") },
        }}
      />
      <p data-testid="return-amount">{t("returns.amount", { amount: formatInr(line.amountPerPiece) })}</p>
      <SelectField
        id={id("quantity")}
        name="quantity"
        label={t("returns.howMany")}
        placeholder={t("returns.choose")}
        options={Array.from({ length: line.returnable }, (_, index) => ({
          value: String(index + 1),
          label: String(index + 1),
        }))}
        defaultValue={line.returnable === 1 ? "1" : ""}
        error={failure?.fieldErrors?.quantity}
      />
      <SelectField
        id={id("reason")}
        name="reason"
        label={t("returns.why")}
        placeholder={t("returns.chooseReason")}
        options={reasons}
        defaultValue=""
        error={failure?.fieldErrors?.reason}
      />
      <TextField id={id("note")} name="note" label={t("returns.note")} rows={2} maxLength={500} />
      <PhotoField id={id("photo")} error={failure?.fieldErrors?.photo} />
      <KindFields line={line} failure={failure} />
      <MoneyFields line={line} options={options} failure={failure} />
      <div>
        <SubmitButton label={t("returns.submit")} pendingLabel={t("returns.sending")} />
      </div>
    </Form>
  );
}

/** An optional photo of the piece (a defect, a wrong colour), which the shop's team sees with the request. */
function PhotoField({ id, error }: { id: string; error: string | undefined }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <PicturePicker
        id={id}
        name="photo"
        label={t("returns.photo")}
        heading={t("returns.photo")}
        hint={t("returns.photoHint")}
      />
      {error ? <p className="text-sm text-red-700 dark:text-red-300">{serviceText(t, error)}</p> : null}
    </div>
  );
}

/** A return, or an exchange for a size still in stock (none in stock: only a return). */
function KindFields({ line, failure }: { line: ReturnableLine; failure: Failure }) {
  const t = useT();
  const exchangeable = line.exchangeSizes.length > 0;
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="label">{t("returns.kind")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="refund" defaultChecked /> {t("returns.refund")}
        </label>
        {exchangeable ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="exchange" /> {t("returns.exchange")}
          </label>
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">{t("returns.noOtherSize")}</p>
        )}
      </fieldset>
      {exchangeable ? (
        <SelectField
          id={fieldId(line, "exchangeSize")}
          name="exchangeSize"
          label={t("returns.exchangeSize")}
          placeholder={t("returns.chooseSize")}
          options={line.exchangeSizes.map((size) => ({ value: size, label: size }))}
          defaultValue=""
          error={failure?.fieldErrors?.exchangeSize}
        />
      ) : null}
    </>
  );
}

/** Where a refund's money goes, and when; a UPI ID when that is the way. */
function MoneyFields({ line, options, failure }: { line: ReturnableLine; options: ReturnOptions; failure: Failure }) {
  const t = useT();
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="label">{t("returns.money")}</legend>
        {options.storeCreditFirst > 0 ? (
          <p data-testid="store-credit-first">
            {t("returns.creditFirst", { amount: formatInr(options.storeCreditFirst) })}
          </p>
        ) : null}
        {options.refundMethods.map((method, index) => (
          <label key={method} className="flex items-start gap-2">
            <input type="radio" name="refundMethod" value={method} defaultChecked={index === 0} className="mt-1" />
            <span>
              {t(METHOD_LABELS[method])}{" "}
              <span className="text-zinc-600 dark:text-zinc-400">({serviceText(t, REFUND_TIMING[method])})</span>
            </span>
          </label>
        ))}
      </fieldset>
      {options.refundMethods.includes("upi") ? (
        <TextField
          id={fieldId(line, "upiId")}
          name="upiId"
          label={t("returns.upiLabel")}
          placeholder="name@okbank"
          autoComplete="off"
          error={failure?.fieldErrors?.upiId}
        />
      ) : null}
    </>
  );
}

/** The whole return page: the window, the pickup, and each line's form. */
export function ReturnPage({ options, failure }: { options: ReturnOptions; failure: Failure }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-display text-3xl font-semibold">
        {t("returns.pageHeading", { number: options.orderNumber })}
      </h1>
      {options.open && options.closesAt ? (
        <p className="text-sm">
          {t("returns.until", {
            date: locale === "hi-IN" ? formatShopDateHindi(options.closesAt) : formatShopDate(options.closesAt),
          })}
        </p>
      ) : null}
      {!options.open && options.why ? (
        <p className="text-sm" role="status">
          {serviceText(t, options.why)}
        </p>
      ) : null}
      {options.open ? <PickupNotice pickup={options.pickup} /> : null}
      {options.lines.map((line) => (
        <ReturnLineForm key={line.position} line={line} options={options} failure={failure} />
      ))}
    </div>
  );
}
