import type { PhoneStep } from "../../lib/phone-step.ts";
import { useT } from "../../locales/i18n.ts";
import { Form, Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { FormError } from "../ui/form-error.tsx";
import { Notice } from "../ui/notice.tsx";
import { IntentSubmit } from "../ui/submit-button.tsx";
import { TextField } from "../ui/text-field.tsx";

/*
 * The forms a mobile number is proved by (the number, the code, a new account's name), for the
 * sign-in by mobile number and the profile's number alike. Plain form posts: each step's answer
 * renders the next form, with or without JavaScript.
 */

type StepProps = { hidden?: Record<string, string> };

/** Fields every step carries unseen (where to go afterwards). */
function Hidden({ hidden = {} }: StepProps) {
  return (
    <>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The number to send a code to ("New mobile number" when it replaces the account's). */
export function PhoneNumberStep({
  step,
  submitLabel,
  hidden,
  label: givenLabel,
}: { step: PhoneStep; submitLabel: string; label?: string } & StepProps) {
  const t = useT();
  const label = givenLabel ?? t("mobile.title");
  const typed = step.step === "number" ? (step.phone ?? "") : "";
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <Hidden hidden={hidden} />
      <FormError message={step.message} fieldErrors={step.fieldErrors} labels={{ phone: label }} />
      <TextField
        name="phone"
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        defaultValue={typed}
        hint={t("phone.hint")}
        error={step.fieldErrors?.phone}
      />
      <IntentSubmit intent="send" label={submitLabel} pendingLabel={t("acct.sending")} className="btn-primary w-full" />
    </Form>
  );
}

/**
 * The 6-digit code from the SMS, with the ways to ask for another and, for a number mistyped, to
 * start again with another (`restartTo`: the page's own address, which opens at the number).
 */
export function PhoneCodeStep({
  step,
  submitLabel,
  hidden,
  restartTo,
}: { step: Extract<PhoneStep, { step: "code" }>; submitLabel: string; restartTo: string } & StepProps) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      {step.notice && !step.message ? <Notice>{serviceText(t, step.notice)}</Notice> : null}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Hidden hidden={{ ...hidden, challengeId: step.challengeId }} />
        <FormError message={step.message} fieldErrors={step.fieldErrors} labels={{ code: t("phone.code") }} />
        <TextField
          name="code"
          label={t("phone.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          hint={t("phone.codeHint")}
          error={step.fieldErrors?.code}
        />
        <IntentSubmit
          intent="verify"
          label={submitLabel}
          pendingLabel={t("phone.checking")}
          className="btn-primary w-full"
        />
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Form method="post">
          <Hidden hidden={{ ...hidden, challengeId: step.challengeId }} />
          <IntentSubmit
            intent="resend"
            label={t("phone.sendAgain")}
            pendingLabel={t("acct.sending")}
            className="text-sm font-semibold underline"
          />
        </Form>
        <Link to={restartTo} className="text-sm underline">
          {t("phone.otherNumber")}
        </Link>
      </div>
    </div>
  );
}

/** A new account's name: asked only once the number is verified and has no account. */
export function PhoneNameStep({ step, hidden }: { step: Extract<PhoneStep, { step: "name" }> } & StepProps) {
  const t = useT();
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <Hidden hidden={{ ...hidden, challengeId: step.challengeId }} />
      <Notice tone="success">{t("phone.verifiedName")}</Notice>
      <FormError message={step.message} fieldErrors={step.fieldErrors} labels={{ name: t("auth.name") }} />
      <TextField name="name" label={t("auth.name")} autoComplete="name" required error={step.fieldErrors?.name} />
      <IntentSubmit
        intent="name"
        label={t("phone.create")}
        pendingLabel={t("phone.creating")}
        className="btn-primary w-full"
      />
    </Form>
  );
}
