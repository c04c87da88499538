import { useEffect, useState } from "react";
import { Form } from "react-router";
import { COLLECTIONS } from "#core/collections.ts";
import { epochToIndiaLocal } from "#core/dates.ts";
import { paiseToRupees } from "#core/money.ts";
import type { Offer, OfferActionType } from "#core/offers.ts";
import type { OfferFormInput } from "#server/offers/offers.schemas.ts";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { FieldFrame, Options, TextField } from "../ui/text-field.tsx";

/** The form's fields as typed (or as an offer fills them in). */
export type OfferFormValues = Partial<OfferFormInput>;

const rupees = (paise: number | null) => (paise === null ? "" : String(paiseToRupees(paise)));
const count = (value: number | null) => (value === null ? "" : String(value));

/**
 * An offer as its form shows it; a new one is a code open to everyone (guests too, as in
 * Shopify), starting now: limiting it to members is a box the owner ticks on purpose.
 */
export function offerFormValues(offer: Offer | null): OfferFormValues {
  if (!offer) return { kind: "code", actionType: "percent", signedInOnly: false };
  const { action } = offer;
  return {
    kind: offer.kind,
    name: offer.name,
    actionType: action.type,
    percent: action.type === "percent" ? String(action.percent) : "",
    cap: action.type === "percent" ? rupees(action.capPaise) : "",
    amount: action.type === "fixed" ? rupees(action.amountPaise) : "",
    buy: action.type === "buy-x-get-y" ? String(action.buy) : "",
    get: action.type === "buy-x-get-y" ? String(action.get) : "",
    getPercent: action.type === "buy-x-get-y" ? String(action.percent) : "",
    minSubtotal: rupees(offer.minSubtotal),
    collections: offer.scope.collections,
    productIds: offer.scope.productIds.join(", "),
    firstOrderOnly: offer.firstOrderOnly,
    signedInOnly: offer.signedInOnly,
    combinesWithCode: offer.combinesWithCode,
    startsAt: epochToIndiaLocal(offer.startsAt),
    endsAt: offer.endsAt === null ? "" : epochToIndiaLocal(offer.endsAt),
    totalLimit: count(offer.totalLimit),
    perCustomerLimit: count(offer.perCustomerLimit),
  };
}

/** The fields the summary at the top names and links to. */
const LABELS: Record<string, string> = {
  kind: "How it applies",
  name: "Code or name",
  actionType: "What it gives",
  percent: "Percentage off",
  cap: "Up to (₹)",
  amount: "Amount off (₹)",
  buy: "Buy (pieces)",
  get: "Get (pieces)",
  getPercent: "Off the pieces got (%)",
  minSubtotal: "Minimum cart value (₹)",
  productIds: "Product numbers",
  startsAt: "Starts (India time)",
  endsAt: "Ends (India time)",
  totalLimit: "Uses in all",
  perCustomerLimit: "Uses per customer",
};

const ACTIONS: { value: OfferActionType; label: string }[] = [
  { value: "percent", label: "Percentage off" },
  { value: "fixed", label: "Fixed amount off" },
  { value: "free-shipping", label: "Free shipping" },
  { value: "buy-x-get-y", label: "Buy X, get Y" },
];

type OfferFormProps = {
  values: OfferFormValues;
  submitLabel: string;
  error?: string;
  fieldErrors?: Record<string, string>;
};

/**
 * An offer's one set of conditions and one action. A real form post: before JavaScript every
 * action's fields show; after, only the chosen action's.
 */
export function OfferForm({ values, submitLabel, error, fieldErrors = {} }: OfferFormProps) {
  const [kind, setKind] = useState<string>(values.kind ?? "code");
  return (
    <Form method="post" className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      <FormError message={error} fieldErrors={fieldErrors} labels={LABELS} />
      <fieldset className="card grid gap-4 p-6 sm:grid-cols-2">
        <legend className="px-1 font-semibold">The offer</legend>
        <div role="radiogroup" aria-labelledby="offer-kind" className="flex flex-col gap-2 text-sm">
          <p id="offer-kind" className="label">
            How it applies
          </p>
          {[
            ["code", "Shoppers type a code"],
            ["automatic", "Automatic: applies by itself"],
          ].map(([value = "code", label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={value}
                defaultChecked={kind === value}
                onChange={() => setKind(value)}
                className="size-4 accent-gold-500"
              />
              {label}
            </label>
          ))}
        </div>
        <TextField
          name="name"
          label="Code or name"
          defaultValue={String(values.name ?? "")}
          error={fieldErrors.name}
          hint="A code shoppers type (WELCOME10), or the name shown beside prices (FEST10)."
          maxLength={24}
          autoCapitalize="characters"
        />
      </fieldset>
      <OfferAction values={values} fieldErrors={fieldErrors} />
      <OfferConditions values={values} fieldErrors={fieldErrors} automatic={kind === "automatic"} />
      <SubmitButton label={submitLabel} pendingLabel="Saving…" className="btn-gold self-start" intent="save" />
    </Form>
  );
}

type SectionProps = { values: OfferFormValues; fieldErrors: Record<string, string> };

/** What the offer gives, with the fields of the action chosen. */
function OfferAction({ values, fieldErrors }: SectionProps) {
  const [actionType, setActionType] = useState<string>(values.actionType ?? "percent");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shows = (type: OfferActionType) => !hydrated || actionType === type;
  const field = (name: keyof OfferFormValues, hint?: string, inputMode: "numeric" | "decimal" = "numeric") => (
    <OfferField name={name} values={values} fieldErrors={fieldErrors} hint={hint} inputMode={inputMode} />
  );
  return (
    <fieldset className="card grid gap-4 p-6 sm:grid-cols-2">
      <legend className="px-1 font-semibold">What it gives</legend>
      <FieldFrame id="field-actionType" label="What it gives" error={fieldErrors.actionType}>
        <select
          id="field-actionType"
          name="actionType"
          className="field"
          defaultValue={actionType}
          onChange={(event) => setActionType(event.target.value)}
        >
          <Options options={ACTIONS} />
        </select>
      </FieldFrame>
      <div className="hidden sm:block" />
      {shows("percent") ? field("percent", "A whole number, 1 to 100.") : null}
      {shows("percent") ? field("cap", "Optional: the most it takes off an order.", "decimal") : null}
      {shows("fixed") ? field("amount", undefined, "decimal") : null}
      {shows("buy-x-get-y") ? field("buy") : null}
      {shows("buy-x-get-y") ? field("get", "The cheapest pieces of each group.") : null}
      {shows("buy-x-get-y") ? field("getPercent", "100 (or empty) makes them free.") : null}
    </fieldset>
  );
}

/** Who and what the offer is for. */
function OfferConditions({ values, fieldErrors, automatic }: SectionProps & { automatic: boolean }) {
  const box = (name: "firstOrderOnly" | "signedInOnly" | "combinesWithCode", label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={Boolean(values[name])}
        className="size-4 accent-gold-500"
      />
      {label}
    </label>
  );
  return (
    <>
      <fieldset className="card grid gap-4 p-6 sm:grid-cols-2">
        <legend className="px-1 font-semibold">Who and what it is for</legend>
        <OfferField
          name="minSubtotal"
          values={values}
          fieldErrors={fieldErrors}
          hint="Optional: the pieces it applies to must be worth this much."
          inputMode="decimal"
        />
        <OfferField
          name="productIds"
          values={values}
          fieldErrors={fieldErrors}
          hint="Optional, e.g. 12, 40 (the number in a product page's address)."
        />
        <CollectionChoice chosen={values.collections ?? []} />
        <div className="flex flex-col gap-2 sm:col-span-2">
          {box("signedInOnly", "Signed-in customers only (guests do not get it)")}
          {box("firstOrderOnly", "First order only")}
          {automatic ? box("combinesWithCode", "Also applies with a code the shopper types") : null}
        </div>
      </fieldset>
      <OfferTiming values={values} fieldErrors={fieldErrors} />
    </>
  );
}

/** The collections an offer is limited to; none ticked, it is for every piece. */
function CollectionChoice({ chosen }: { chosen: readonly string[] }) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="label">Collections (none ticked: every piece)</legend>
      <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {COLLECTIONS.map((collection) => (
          <label key={collection.flag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="collections"
              value={collection.flag}
              defaultChecked={chosen.includes(collection.flag)}
              className="size-4 accent-gold-500"
            />
            {collection.title}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** When the offer runs, and how often it may be used. */
function OfferTiming({ values, fieldErrors }: SectionProps) {
  return (
    <fieldset className="card grid gap-4 p-6 sm:grid-cols-2">
      <legend className="px-1 font-semibold">When and how often</legend>
      <OfferField name="startsAt" values={values} fieldErrors={fieldErrors} type="datetime-local" hint="Empty: now." />
      <OfferField name="endsAt" values={values} fieldErrors={fieldErrors} type="datetime-local" hint="Optional." />
      <OfferField
        name="totalLimit"
        values={values}
        fieldErrors={fieldErrors}
        inputMode="numeric"
        hint="Optional: orders that may get it."
      />
      <OfferField
        name="perCustomerLimit"
        values={values}
        fieldErrors={fieldErrors}
        inputMode="numeric"
        hint="Optional: 1 makes it once per customer."
      />
    </fieldset>
  );
}

/** One of the form's text fields, labelled as the summary names it. */
function OfferField({
  name,
  values,
  fieldErrors,
  ...input
}: SectionProps & { name: keyof OfferFormValues } & Omit<Parameters<typeof TextField>[0], "name" | "label">) {
  return (
    <TextField
      name={name}
      label={LABELS[name] ?? name}
      defaultValue={String(values[name] ?? "")}
      error={fieldErrors[name]}
      {...input}
    />
  );
}
