import { Form } from "react-router";
import { formatShopDate } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { REFUND_TIMING, RETURN_REASONS, type RefundMethod } from "#core/returns.ts";
import { sizeText } from "#core/sizes.ts";
import type { ReturnableLine, ReturnOptions } from "#server/returns/return-options.ts";
import { FormError } from "../ui/form-error.tsx";
import { PicturePicker } from "../ui/picture-picker.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { SelectField, TextField } from "../ui/text-field.tsx";

const REASONS = Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label }));

const METHOD_LABELS: Record<RefundMethod, string> = {
  gateway: "Back to the account I paid with",
  "store-credit": "Store credit, to spend on my next order",
  upi: "To my UPI ID",
};

type Failure = { message: string; fieldErrors?: Record<string, string>; position?: number } | undefined;

/** How the parcel comes back: the courier's free pickup at the order's pincode, or the shopper ships it. */
export function PickupNotice({ pickup }: { pickup: boolean }) {
  return (
    <p className="rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-800" data-testid="return-pickup">
      {pickup
        ? "A courier picks the parcel up from your delivery address, free of charge."
        : "Our courier does not pick up at your pincode: please post the parcel back to us (we send the address by e-mail)."}
    </p>
  );
}

/** A delivered line, the shop's return options, and the refusal of the last request, if any. */
type LineFormProps = { line: ReturnableLine; options: ReturnOptions; failure: Failure };

/** One delivered line: what can go back, and the form that asks for it (or why it cannot). */
export function ReturnLineForm({ line, options, failure }: LineFormProps) {
  const mine = failure && failure.position === line.position ? failure : undefined;
  const headingId = `return-line-${line.position}`;
  const cannot = line.blocked
    ? line.blocked
    : !options.open
      ? options.why
      : line.returnable === 0
        ? "Every piece of this line has been asked back already."
        : null;
  return (
    <section className="card flex flex-col gap-3 p-4 text-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold">
        {line.title} · {sizeText(line.size)} · {line.quantity} {line.quantity === 1 ? "piece" : "pieces"}
      </h2>
      {cannot ? (
        <p data-testid="return-blocked">{cannot}</p>
      ) : (
        <ReturnRequestForm line={line} options={options} failure={mine} />
      )}
    </section>
  );
}

const fieldId = (line: ReturnableLine, name: string) => `field-${name}-${line.position}`;

function ReturnRequestForm({ line, options, failure }: LineFormProps) {
  const id = (name: string) => fieldId(line, name);
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="position" value={line.position} />
      <FormError
        message={failure?.message}
        fieldErrors={failure?.fieldErrors}
        labels={{
          quantity: { label: "How many pieces", id: id("quantity") },
          reason: { label: "Why", id: id("reason") },
          exchangeSize: { label: "New size", id: id("exchangeSize") },
          upiId: { label: "UPI ID", id: id("upiId") },
          photo: { label: "A photo", id: id("photo") },
        }}
      />
      <p data-testid="return-amount">
        {formatInr(line.amountPerPiece)} a piece comes back for a return (your share of what was paid, after points and
        discounts; shipping is not refunded).
      </p>
      <SelectField
        id={id("quantity")}
        name="quantity"
        label="How many pieces"
        placeholder="Choose"
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
        label="Why"
        placeholder="Choose a reason"
        options={REASONS}
        defaultValue=""
        error={failure?.fieldErrors?.reason}
      />
      <TextField id={id("note")} name="note" label="Anything to add (optional)" rows={2} maxLength={500} />
      <PhotoField id={id("photo")} error={failure?.fieldErrors?.photo} />
      <KindFields line={line} failure={failure} />
      <MoneyFields line={line} options={options} failure={failure} />
      <div>
        <SubmitButton label="Ask for this return" pendingLabel="Sending…" />
      </div>
    </Form>
  );
}

/** An optional photo of the piece (a defect, a wrong colour), which the shop's team sees with the request. */
function PhotoField({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div className="flex flex-col gap-1">
      <PicturePicker
        id={id}
        name="photo"
        label="A photo (optional)"
        heading="A photo (optional)"
        hint="JPEG, PNG or WebP, up to 5 MB. It is resized and its hidden details (place, camera, time) removed, and only our team sees it."
      />
      {error ? <p className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
    </div>
  );
}

/** A return, or an exchange for a size still in stock (none in stock: only a return). */
function KindFields({ line, failure }: { line: ReturnableLine; failure: Failure }) {
  const exchangeable = line.exchangeSizes.length > 0;
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="label">Return or exchange</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="refund" defaultChecked /> Return it for a refund
        </label>
        {exchangeable ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="exchange" /> Exchange it for another size (held for you now)
          </label>
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">No other size is in stock: only a return is possible.</p>
        )}
      </fieldset>
      {exchangeable ? (
        <SelectField
          id={fieldId(line, "exchangeSize")}
          name="exchangeSize"
          label="New size (for an exchange)"
          placeholder="Choose a size"
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
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="label">Where the money goes (for a return)</legend>
        {options.storeCreditFirst > 0 ? (
          <p data-testid="store-credit-first">
            You paid {formatInr(options.storeCreditFirst)} of this order with store credit: that part comes back as
            store credit first, the rest the way you choose.
          </p>
        ) : null}
        {options.refundMethods.map((method, index) => (
          <label key={method} className="flex items-start gap-2">
            <input type="radio" name="refundMethod" value={method} defaultChecked={index === 0} className="mt-1" />
            <span>
              {METHOD_LABELS[method]}{" "}
              <span className="text-zinc-600 dark:text-zinc-400">({REFUND_TIMING[method]})</span>
            </span>
          </label>
        ))}
      </fieldset>
      {options.refundMethods.includes("upi") ? (
        <TextField
          id={fieldId(line, "upiId")}
          name="upiId"
          label="UPI ID (for a refund to UPI)"
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
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-display text-3xl font-semibold">Return or exchange · Order {options.orderNumber}</h1>
      {options.open && options.closesAt ? (
        <p className="text-sm">You can ask until {formatShopDate(options.closesAt)}.</p>
      ) : null}
      {!options.open && options.why ? (
        <p className="text-sm" role="status">
          {options.why}
        </p>
      ) : null}
      {options.open ? <PickupNotice pickup={options.pickup} /> : null}
      {options.lines.map((line) => (
        <ReturnLineForm key={line.position} line={line} options={options} failure={failure} />
      ))}
    </div>
  );
}
