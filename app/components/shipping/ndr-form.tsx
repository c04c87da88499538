import { formatDeliveryDay, formatShopDateTime } from "#core/dates.ts";
import type { NdrOffer } from "#server/shipping/ndr.service.ts";
import { type Translate, useLocale, useT } from "../../locales/i18n.ts";
import { Form } from "../../locales/link.tsx";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { TextField } from "../ui/text-field.tsx";

type Failure = { message: string; fieldErrors?: Record<string, string> } | undefined;

/** The fields' names, as the form's error summary links them. */
function labelsOf(t: Translate) {
  return { choice: t("ndr.choice"), deliverOn: t("ndr.day"), address: t("ndr.address"), phone: t("ndr.phone") };
}

/** What was asked after this attempt, in words. */
function askedWords(t: Translate, asked: NonNullable<NdrOffer["asked"]>, locale: "en-IN" | "hi-IN"): string {
  if (asked.action === "return") return t("ndr.askedReturn");
  if (asked.deliverOn) return t("ndr.askedDay", { day: formatDeliveryDay(asked.deliverOn, locale) });
  if (asked.address && asked.phone) return t("ndr.askedBoth");
  return asked.address ? t("ndr.askedAddress") : t("ndr.askedPhone");
}

/**
 * After a failed delivery attempt: deliver again on a day of the courier's window, deliver to a new
 * address or phone, or cancel the order (the parcel comes back to us). A plain form, working before
 * JavaScript; the choice goes to the courier at once.
 */
export function NdrForm({ ndr, activity, failure }: { ndr: NdrOffer; activity: string | null; failure: Failure }) {
  const errors = failure?.fieldErrors ?? {};
  const t = useT();
  const locale = useLocale();
  return (
    <section
      className="card flex flex-col gap-3 border-amber-300 p-4 dark:border-amber-700"
      aria-labelledby="ndr-heading"
    >
      <h2 id="ndr-heading" className="text-lg font-semibold">
        {t("ndr.heading")}
      </h2>
      <p className="text-sm">
        {ndr.attempt > 1 ? t("ndr.failedNumber", { attempt: ndr.attempt }) : t("ndr.failed")}
        {activity ? `: “${activity}”` : "."}
      </p>
      {ndr.asked ? (
        <p
          role="status"
          className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
          data-testid="ndr-asked"
        >
          {askedWords(t, ndr.asked, locale)}
        </p>
      ) : ndr.open ? (
        <ChoiceForm ndr={ndr} errors={errors} failure={failure} />
      ) : (
        <p className="text-sm">{t("ndr.passed")}</p>
      )}
    </section>
  );
}

/** Three answers, each a form of its own with its own button: another day, other details, or cancel. */
function ChoiceForm({ ndr, errors, failure }: { ndr: NdrOffer; errors: Record<string, string>; failure: Failure }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("ndr.tellUs", { time: formatShopDateTime(ndr.until, locale) })}
      </p>
      <FormError message={failure?.message} fieldErrors={errors} labels={labelsOf(t)} />
      <Form method="post" className="flex flex-col gap-2" noValidate>
        <input type="hidden" name="choice" value="deliver-again" />
        <fieldset className="flex flex-col gap-2">
          <legend className="label">{t("ndr.deliverOn")}</legend>
          {ndr.days.map((day, index) => (
            <label
              key={day}
              className="flex min-h-11 items-center gap-3 rounded-md border border-zinc-300 px-3 dark:border-zinc-600"
            >
              <input type="radio" name="deliverOn" value={day} defaultChecked={index === 0} />
              {formatDeliveryDay(day, locale)}
            </label>
          ))}
        </fieldset>
        <div>
          <SubmitButton label={t("ndr.deliverDay")} pendingLabel={t("ndr.sending")} />
        </div>
      </Form>
      <DetailsForm errors={errors} />
      <Form method="post" className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-700">
        <input type="hidden" name="choice" value="cancel" />
        <p className="text-sm">{t("ndr.dontWant")}</p>
        <div>
          <SubmitButton
            label={t("ndr.cancel")}
            pendingLabel={t("ndr.sending")}
            className="btn bg-red-700 text-white hover:bg-red-800"
          />
        </div>
      </Form>
    </div>
  );
}

/** Deliver again, to an address or a mobile number that is right this time. */
function DetailsForm({ errors }: { errors: Record<string, string> }) {
  const t = useT();
  return (
    <Form method="post" className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-700" noValidate>
      <input type="hidden" name="choice" value="change-details" />
      <p className="label">{t("ndr.orDetails")}</p>
      <TextField
        name="address"
        label={t("ndr.address")}
        rows={3}
        autoComplete="street-address"
        hint={t("ndr.addressHint")}
        error={errors.address}
      />
      <TextField
        name="phone"
        label={t("ndr.phone")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone}
      />
      <div>
        <SubmitButton label={t("ndr.deliverDetails")} pendingLabel={t("ndr.sending")} className="btn-outline" />
      </div>
    </Form>
  );
}
