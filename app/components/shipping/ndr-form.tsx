import { Form } from "react-router";
import { formatDeliveryDay, formatShopDateTime } from "#core/dates.ts";
import type { NdrOffer } from "#server/shipping/ndr.service.ts";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { TextField } from "../ui/text-field.tsx";

type Failure = { message: string; fieldErrors?: Record<string, string> } | undefined;

const LABELS = { choice: "What should happen", deliverOn: "Day", address: "New address", phone: "New mobile number" };

/** What was asked after this attempt, in words. */
function askedWords(asked: NonNullable<NdrOffer["asked"]>): string {
  if (asked.action === "return") return "You asked us to cancel the order: the courier brings the parcel back to us.";
  if (asked.deliverOn) return `The courier will deliver it again on ${formatDeliveryDay(asked.deliverOn)}.`;
  const what = [asked.address ? "the new address" : "", asked.phone ? "the new phone number" : ""].filter(Boolean);
  return `The courier will deliver it again, to ${what.join(" and ")}.`;
}

/**
 * After a failed delivery attempt: deliver again on a day of the courier's window, deliver to a new
 * address or phone, or cancel the order (the parcel comes back to us). A plain form, working before
 * JavaScript; the choice goes to the courier at once.
 */
export function NdrForm({ ndr, activity, failure }: { ndr: NdrOffer; activity: string | null; failure: Failure }) {
  const errors = failure?.fieldErrors ?? {};
  return (
    <section
      className="card flex flex-col gap-3 border-amber-300 p-4 dark:border-amber-700"
      aria-labelledby="ndr-heading"
    >
      <h2 id="ndr-heading" className="text-lg font-semibold">
        We could not deliver your parcel
      </h2>
      <p className="text-sm">
        The courier's attempt {ndr.attempt > 1 ? `number ${ndr.attempt} ` : ""}failed
        {activity ? `: “${activity}”` : "."}
      </p>
      {ndr.asked ? (
        <p
          role="status"
          className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
          data-testid="ndr-asked"
        >
          {askedWords(ndr.asked)}
        </p>
      ) : ndr.open ? (
        <ChoiceForm ndr={ndr} errors={errors} failure={failure} />
      ) : (
        <p className="text-sm">The time to choose has passed: the courier tries again by itself.</p>
      )}
    </section>
  );
}

/** Three answers, each a form of its own with its own button: another day, other details, or cancel. */
function ChoiceForm({ ndr, errors, failure }: { ndr: NdrOffer; errors: Record<string, string>; failure: Failure }) {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Tell us what to do by {formatShopDateTime(ndr.until)}; after that the courier tries again by itself.
      </p>
      <FormError message={failure?.message} fieldErrors={errors} labels={LABELS} />
      <Form method="post" className="flex flex-col gap-2" noValidate>
        <input type="hidden" name="choice" value="deliver-again" />
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Deliver it again on</legend>
          {ndr.days.map((day, index) => (
            <label
              key={day}
              className="flex min-h-11 items-center gap-3 rounded-md border border-zinc-300 px-3 dark:border-zinc-600"
            >
              <input type="radio" name="deliverOn" value={day} defaultChecked={index === 0} />
              {formatDeliveryDay(day)}
            </label>
          ))}
        </fieldset>
        <div>
          <SubmitButton label="Deliver again on this day" pendingLabel="Sending to the courier…" />
        </div>
      </Form>
      <DetailsForm errors={errors} />
      <Form method="post" className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-700">
        <input type="hidden" name="choice" value="cancel" />
        <p className="text-sm">Don't want it any more? The courier brings it back to us and the order is cancelled.</p>
        <div>
          <SubmitButton
            label="Cancel the order"
            pendingLabel="Sending to the courier…"
            className="btn bg-red-700 text-white hover:bg-red-800"
          />
        </div>
      </Form>
    </div>
  );
}

/** Deliver again, to an address or a mobile number that is right this time. */
function DetailsForm({ errors }: { errors: Record<string, string> }) {
  return (
    <Form method="post" className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-700" noValidate>
      <input type="hidden" name="choice" value="change-details" />
      <p className="label">Or deliver it to a new address or phone number</p>
      <TextField
        name="address"
        label={LABELS.address}
        rows={3}
        autoComplete="street-address"
        hint="House, street and area, in the same town and pincode."
        error={errors.address}
      />
      <TextField name="phone" label={LABELS.phone} type="tel" autoComplete="tel" inputMode="tel" error={errors.phone} />
      <div>
        <SubmitButton label="Deliver to these details" pendingLabel="Sending to the courier…" className="btn-outline" />
      </div>
    </Form>
  );
}
