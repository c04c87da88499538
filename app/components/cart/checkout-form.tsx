import { Fragment, type InputHTMLAttributes, useState } from "react";
import { formatInr } from "#core/money.ts";
import type { GuestCheckoutInput } from "#server/orders/orders.schemas.ts";
import type { PaymentChoices } from "#server/payments/cod.ts";
import type { Piece } from "../../lib/order-now.ts";
import { fillFromPincode, usePincodeTypedEarly } from "../../lib/pincode-fill.ts";
import { type MessageId, type Translate, useT } from "../../locales/i18n.ts";
import { Form, Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { StateSelect } from "../account/state-select.tsx";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { TextField } from "../ui/text-field.tsx";
import { DeliveryNote } from "./delivery-note.tsx";
import { WhatsappOptIn } from "./whatsapp-opt-in.tsx";

/** What was typed before a failed attempt (or the profile's details). */
export type CheckoutValues = Partial<
  Pick<
    GuestCheckoutInput,
    | "name"
    | "email"
    | "address"
    | "city"
    | "stateCode"
    | "pincode"
    | "phone"
    | "gstin"
    | "businessName"
    | "paymentMethod"
  >
>;

type CheckoutFormProps = {
  action: string;
  guest: boolean;
  idempotencyKey: string;
  redeemPoints: boolean;
  /** Paise of store credit the page shows paying this order (0 when none): the server checks it still does. */
  storeCredit?: number;
  /** Store credit pays the whole order: there is no way to pay to choose. */
  nothingToPay?: boolean;
  /** Order Now's one piece, bought outside the cart; null when the order is the cart's. */
  piece?: Piece | null;
  /** How the order may be paid: online when the shop takes it, and cash on delivery where offered. */
  payment: PaymentChoices;
  /** The prices and total the buyer sees (core/price-quote.ts): the order stands only if they still hold. */
  quote: string;
  error?: string;
  /** Why the last attempt failed (its code): a stock refusal offers the way to the cart. */
  errorCode?: string;
  fieldErrors?: Record<string, string>;
  /** What was typed before a failed attempt (or the profile's details), so nothing is typed twice. */
  values: CheckoutValues;
};

type CheckoutField = {
  name: Exclude<keyof CheckoutValues, "stateCode" | "gstin" | "businessName" | "paymentMethod">;
  label: MessageId;
  hint?: MessageId;
  guestOnly?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

/** The checkout's fields, in order; the e-mail is asked of guests only. */
const CHECKOUT_FIELDS: CheckoutField[] = [
  { name: "name", label: "checkout.fullName", autoComplete: "name" },
  {
    name: "email",
    label: "checkout.email",
    type: "email",
    autoComplete: "email",
    hint: "checkout.emailHint",
    guestOnly: true,
  },
  { name: "address", label: "checkout.address", autoComplete: "street-address", hint: "checkout.addressHint" },
  {
    name: "pincode",
    label: "checkout.pincode",
    inputMode: "numeric",
    autoComplete: "postal-code",
    maxLength: 6,
    hint: "checkout.pincodeHint",
    onChange: fillFromPincode,
  },
  { name: "city", label: "checkout.city", autoComplete: "address-level2" },
  { name: "phone", label: "checkout.mobile", type: "tel", autoComplete: "tel", hint: "checkout.mobileHint" },
];

/** The fields a checkout's banner can name and link to. */
const CHECKOUT_LABELS: Record<string, MessageId> = {
  ...Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field.name, field.label])),
  stateCode: "checkout.state",
  gstin: "checkout.gstin",
  businessName: "checkout.businessName",
};

/** The checkout's field labels in the page's language, for the error banner. */
function checkoutLabels(t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(CHECKOUT_LABELS).map(([name, id]) => [name, t(id)]));
}

/**
 * Full Name, Full Address, City, State/UT, Pincode and Mobile Number (and an e-mail for guests); the
 * state is the place of supply on the tax invoice. A real form post,
 * so it works before JavaScript has loaded; the key makes a double submit place one order.
 */
export function CheckoutForm({
  action,
  guest,
  idempotencyKey,
  redeemPoints,
  storeCredit = 0,
  nothingToPay = false,
  piece,
  quote,
  payment,
  error,
  errorCode,
  fieldErrors = {},
  values,
}: CheckoutFormProps) {
  const [pincode, setPincode] = useState(values.pincode ?? "");
  usePincodeTypedEarly(values.pincode ?? "", setPincode);
  const t = useT();
  return (
    <Form
      method="post"
      action={action}
      className="flex flex-col gap-4"
      noValidate
      onChange={(event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement && target.name === "pincode") setPincode(target.value.trim());
      }}
    >
      <CheckoutHiddenFields
        idempotencyKey={idempotencyKey}
        quote={quote}
        redeemPoints={redeemPoints}
        storeCredit={storeCredit}
        piece={piece}
      />
      <FormError message={error} fieldErrors={fieldErrors} labels={checkoutLabels(t)} />
      {errorCode === "out-of-stock" && !piece ? (
        <Link to="/cart" className="-mt-2 text-sm font-semibold underline">
          {t("checkout.reviewCart")}
        </Link>
      ) : null}
      <AddressFields guest={guest} values={values} fieldErrors={fieldErrors} pincode={pincode} />
      <WhatsappOptIn />
      <BusinessInvoiceFields values={values} fieldErrors={fieldErrors} />
      {nothingToPay ? (
        <>
          <input type="hidden" name="paymentMethod" value="cod" />
          <p className="text-sm" data-testid="nothing-to-pay">
            {t("checkout.nothingToPay")}
          </p>
        </>
      ) : (
        <PaymentChoice choices={payment} chosen={values.paymentMethod} error={fieldErrors.paymentMethod} />
      )}
      <SubmitButton
        label={t("checkout.orderNow")}
        pendingLabel={t("checkout.placing")}
        className="btn-gold w-full"
        action={action}
      />
    </Form>
  );
}

/** What the form carries unseen: the key of this checkout, the quote seen, and what was chosen on the cart. */
function CheckoutHiddenFields({
  idempotencyKey,
  quote,
  redeemPoints,
  storeCredit = 0,
  piece,
}: Pick<CheckoutFormProps, "idempotencyKey" | "quote" | "redeemPoints" | "storeCredit" | "piece">) {
  return (
    <>
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="seenQuote" value={quote} />
      {redeemPoints ? <input type="hidden" name="redeemPoints" value="1" /> : null}
      {storeCredit > 0 ? <input type="hidden" name="storeCredit" value={storeCredit} /> : null}
      {piece ? (
        <>
          <input type="hidden" name="buyProductId" value={piece.productId} />
          <input type="hidden" name="buySize" value={piece.size} />
        </>
      ) : null}
    </>
  );
}

/** Who the order goes to and where (a guest gives an e-mail too), the state after the city, the delivery promise after the pincode. */
function AddressFields({
  guest,
  values,
  fieldErrors = {},
  pincode,
}: Pick<CheckoutFormProps, "guest" | "values" | "fieldErrors"> & { pincode: string }) {
  const t = useT();
  return CHECKOUT_FIELDS.filter((field) => guest || !field.guestOnly).map(({ guestOnly: _guestOnly, ...field }) => (
    <Fragment key={field.name}>
      <TextField
        {...field}
        label={t(field.label)}
        hint={field.hint ? t(field.hint) : undefined}
        rows={field.name === "address" ? 3 : undefined}
        required
        defaultValue={values[field.name]}
        error={fieldErrors[field.name]}
      />
      {field.name === "city" ? (
        <StateSelect defaultValue={values.stateCode ?? ""} error={fieldErrors.stateCode} />
      ) : null}
      {field.name === "pincode" ? <DeliveryNote pincode={pincode} /> : null}
    </Fragment>
  ));
}

/**
 * How the buyer pays: online (UPI, cards, netbanking) when the shop takes online payment, or cash
 * on delivery where it is offered (up to the cap, with its fee). With cash alone, a line says so.
 */
function PaymentChoice({ choices, chosen, error }: { choices: PaymentChoices; chosen?: string; error?: string }) {
  const { cod } = choices;
  const t = useT();
  const fee = cod.offered && cod.fee > 0 ? t("checkout.fee", { amount: formatInr(cod.fee) }) : "";
  if (!choices.online) {
    return cod.offered ? (
      <>
        <input type="hidden" name="paymentMethod" value="cod" />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("checkout.codLine", { fee })}</p>
      </>
    ) : (
      <p className="text-sm text-red-700 dark:text-red-300" role="alert">
        {serviceText(t, cod.reason)}
      </p>
    );
  }
  // Cash stays the first choice where it is offered, as the shop has always taken it.
  const method = chosen ?? (cod.offered ? "cod" : "online");
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700">
      <legend className="px-1 font-medium">{t("checkout.howToPay")}</legend>
      <label className="flex items-start gap-2">
        <input type="radio" name="paymentMethod" value="online" defaultChecked={method === "online"} className="mt-1" />
        <span>
          <span className="font-medium">{t("checkout.payOnline")}</span>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t("checkout.payOnlineHint")}</span>
        </span>
      </label>
      <CashOnDeliveryOption cod={cod} fee={fee} checked={method === "cod"} />
      {error ? (
        <p className="text-xs text-red-700 dark:text-red-300" role="alert">
          {serviceText(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Cash on delivery as a choice: with its fee, or greyed out with the reason it is not offered. */
function CashOnDeliveryOption({ cod, fee, checked }: { cod: PaymentChoices["cod"]; fee: string; checked: boolean }) {
  const t = useT();
  return (
    <label className={`flex items-start gap-2 ${cod.offered ? "" : "opacity-60"}`}>
      <input
        type="radio"
        name="paymentMethod"
        value="cod"
        defaultChecked={checked}
        disabled={!cod.offered}
        aria-describedby={cod.offered ? undefined : "cod-not-offered"}
        className="mt-1"
      />
      <span>
        <span className="font-medium">{t("checkout.cod", { fee })}</span>
        {cod.offered ? null : (
          <span id="cod-not-offered" className="block text-xs text-zinc-600 dark:text-zinc-400">
            {serviceText(t, cod.reason)}
          </span>
        )}
      </span>
    </label>
  );
}

/**
 * A business buyer's GSTIN and registered name, for a B2B tax invoice (input tax credit): folded
 * away unless filled in or refused.
 */
function BusinessInvoiceFields({ values, fieldErrors }: Pick<CheckoutFormProps, "values" | "fieldErrors">) {
  const errors = fieldErrors ?? {};
  const open = Boolean(values.gstin || values.businessName || errors.gstin || errors.businessName);
  const t = useT();
  return (
    <details open={open} className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700">
      <summary className="cursor-pointer font-medium">{t("checkout.business")}</summary>
      <div className="mt-3 flex flex-col gap-4">
        <TextField
          name="gstin"
          label={t("checkout.gstin")}
          hint={t("checkout.gstinHint")}
          autoCapitalize="characters"
          maxLength={20}
          defaultValue={values.gstin ?? ""}
          error={errors.gstin}
        />
        <TextField
          name="businessName"
          label={t("checkout.businessName")}
          hint={t("checkout.businessNameHint")}
          autoComplete="organization"
          defaultValue={values.businessName ?? ""}
          error={errors.businessName}
        />
      </div>
    </details>
  );
}
