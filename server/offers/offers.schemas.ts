import { z } from "zod";
import { COLLECTION_FLAGS } from "#core/collections.ts";
import { indiaLocalToEpoch } from "#core/dates.ts";
import { parseRupees } from "#core/money.ts";
import { readWholeNumber } from "#core/numbers.ts";
import { codeKey, type Offer, type OfferAction } from "#core/offers.ts";
import { idField, requiredText } from "../validation/fields.ts";

/** What the admin's Offers form sets: an offer less its counters and dates of record. */
export type OfferInput = Omit<Offer, "id" | "uses" | "disabledAt">;

const blank = z.string().default("");

/**
 * An optional field typed in a form: empty (or spaces only) is null; anything else what `read` makes
 * of it as it was typed, else refused.
 */
function optionalTyped<T>(message: string, read: (text: string) => T | undefined) {
  return blank.transform((text, context) => {
    if (text.trim() === "") return null;
    const typed = read(text);
    if (typed !== undefined) return typed;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** A whole number within [min, max]. */
const optionalCount = (message: string, min: number, max: number) =>
  optionalTyped(message, (text) => {
    const number = readWholeNumber(text);
    return number !== undefined && number >= min && number <= max ? number : undefined;
  });

/** Rupees ("1999", "1999.50") as paise, more than zero. */
const optionalRupees = (message: string) =>
  optionalTyped(message, (text) => {
    const paise = parseRupees(text);
    return paise !== undefined && paise > 0 ? paise : undefined;
  });

/** A time typed in India time. */
const optionalIndiaTime = (message: string) => optionalTyped(message, (text) => indiaLocalToEpoch(text) ?? undefined);

const productIdList = blank.transform((text, context) => {
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (words.some((word) => word.length > 9 || readWholeNumber(word) === undefined)) {
    context.addIssue({ code: "custom", message: "List product numbers separated by commas, e.g. 12, 40." });
    return z.NEVER;
  }
  return [...new Set(words.map(Number))];
});

/**
 * The admin's Offers form, field by field as it is posted. The action's own fields are read for the
 * action chosen; the others are ignored, whatever they hold.
 */
export const offerFormSchema = z.object({
  kind: z.enum(["code", "automatic"], { error: "Choose whether shoppers type a code or it applies by itself." }),
  name: requiredText("Please give the offer a name or code.").pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,23}$/, "Use 3 to 24 letters, digits, - or _ (for example WELCOME10)."),
  ),
  actionType: z.enum(["percent", "fixed", "free-shipping", "buy-x-get-y"], { error: "Choose what the offer gives." }),
  percent: optionalCount("The percentage is a whole number from 1 to 100.", 1, 100),
  cap: optionalRupees("The cap is an amount of rupees, such as 500."),
  amount: optionalRupees("The amount off is an amount of rupees, such as 200."),
  buy: optionalCount("Buy is a number of pieces from 1 to 20.", 1, 20),
  get: optionalCount("Get is a number of pieces from 1 to 20.", 1, 20),
  getPercent: optionalCount("The reward is a percentage from 1 to 100 (100: free).", 1, 100),
  minSubtotal: optionalRupees("The minimum is an amount of rupees, such as 1999."),
  collections: z.array(z.enum(COLLECTION_FLAGS, { error: "Unknown collection." })).default([]),
  productIds: productIdList,
  firstOrderOnly: z.boolean().default(false),
  signedInOnly: z.boolean().default(false),
  combinesWithCode: z.boolean().default(false),
  startsAt: optionalIndiaTime("The start is a date and time, such as 2026-04-01 10:00."),
  endsAt: optionalIndiaTime("The end is a date and time, such as 2026-04-30 23:59."),
  totalLimit: optionalCount("The total limit is a whole number from 1 up.", 1, 10_000_000),
  perCustomerLimit: optionalCount("The limit per customer is a whole number from 1 to 100.", 1, 100),
});

/** As it arrives from the form: checked by the schema, so loosely typed. */
export type OfferFormInput = z.input<typeof offerFormSchema>;
type CheckedOfferForm = z.output<typeof offerFormSchema>;

type Issue = { path: string; message: string };

/** The action the form describes, or the field that is missing for it. */
function actionOf(form: CheckedOfferForm): OfferAction | Issue {
  switch (form.actionType) {
    case "percent":
      return form.percent === null
        ? { path: "percent", message: "Enter the percentage off." }
        : { type: "percent", percent: form.percent, capPaise: form.cap };
    case "fixed":
      return form.amount === null
        ? { path: "amount", message: "Enter the amount off in rupees." }
        : { type: "fixed", amountPaise: form.amount };
    case "free-shipping":
      return { type: "free-shipping" };
    case "buy-x-get-y":
      if (form.buy === null) return { path: "buy", message: "Enter how many pieces the shopper buys." };
      if (form.get === null) return { path: "get", message: "Enter how many pieces the shopper gets." };
      return { type: "buy-x-get-y", buy: form.buy, get: form.get, percent: form.getPercent ?? 100 };
  }
}

/**
 * The form read as an offer, or the problems that stop it, field by field. A code is kept in
 * upper case; a start left empty is now.
 */
export const offerInputSchema = offerFormSchema.transform((form, context): OfferInput => {
  const action = actionOf(form);
  if ("path" in action) {
    context.addIssue({ code: "custom", path: [action.path], message: action.message });
    return z.NEVER;
  }
  const startsAt = form.startsAt ?? Date.now();
  if (form.endsAt !== null && form.endsAt <= startsAt) {
    context.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start." });
    return z.NEVER;
  }
  return {
    kind: form.kind,
    name: form.kind === "code" ? codeKey(form.name) : form.name.trim(),
    action,
    scope: { collections: form.collections, productIds: form.productIds },
    minSubtotal: form.minSubtotal,
    firstOrderOnly: form.firstOrderOnly,
    signedInOnly: form.signedInOnly,
    startsAt,
    endsAt: form.endsAt,
    totalLimit: form.totalLimit,
    perCustomerLimit: form.perCustomerLimit,
    // Only an automatic offer decides whether it combines with a code (a code never combines with another).
    combinesWithCode: form.kind === "automatic" && form.combinesWithCode,
  };
});

/** The code box on the cart: what the shopper typed. */
export const offerCodeSchema = z.object({
  code: requiredText("Please type an offer code.").pipe(
    z.string().max(40, "That is not an offer code.").transform(codeKey),
  ),
});
export type OfferCodeInput = { code: string };

/** An offer's number, as the Offers list posts it with Disable and Enable. */
export const offerIdField = idField("Unknown offer.");
