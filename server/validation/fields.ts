import { z } from "zod";
import { isPincode, PINCODE_MESSAGE } from "#core/delivery-address.ts";
import { pincodeFitsState, stateByCode } from "#core/indian-states.ts";
import { readWholeNumber } from "#core/numbers.ts";
import { isPhoneOnlyEmail, MOBILE_FORMAT_MESSAGE, nationalNumber, readIndianMobile } from "#core/phone.ts";
import { findPincode } from "../delivery/pincode-directory.ts";
import { AppError } from "../errors.ts";
import { gstinStateCode, isValidGstin } from "../tax/gstin.ts";

/** Field rules shared by every form that asks for them. */

export const REQUIRED_MESSAGE = "All fields are required";

/**
 * An e-mail address, kept in one form (lowercase) wherever it is stored and shown: mail servers
 * treat the case alike in practice, and "Kavya@Shop.test" on the profile but "kavya@shop.test" on
 * the mails reads as two addresses.
 */
export const emailField = z
  .string()
  .trim()
  .max(254, "The e-mail address is too long.")
  .pipe(z.email({ error: "Please enter a valid e-mail address." }))
  .transform((value) => value.toLowerCase())
  // The placeholder of accounts made by phone (core/phone.ts): no one may sign up with one, or
  // take it from the account it names.
  .refine((value) => !isPhoneOnlyEmail(value), "Please enter a valid e-mail address.");

/**
 * A field that must be filled in, with its own message when it is not ("Please enter your full
 * name."). The form's banner then says the spec's "All fields are required" once (see parseInput):
 * the refusal of an empty field carries a mark of its own, so nothing depends on its wording.
 */
export function requiredText(message: string, options: { trim?: boolean } = {}): z.ZodType<string, string> {
  const text = z.string({ error: message });
  // An absent field reads as empty, so both carry the mark.
  return z.preprocess(
    (value) => value ?? "",
    (options.trim === false ? text : text.trim()).refine((value) => value.length > 0, {
      message,
      params: { [MISSING]: true },
    }),
  );
}

const MISSING = "missing";

/** A person's name: at least two letters. */
export const nameField = z
  .string()
  .trim()
  .max(100, "The name must be at most 100 characters.")
  .refine((value) => (value.match(/\p{L}/gu) ?? []).length >= 2, "Please enter the full name (at least 2 letters).");

/**
 * An Indian mobile number, read as sign-in by phone reads it (core/phone.ts): 10 digits starting
 * with 6, 7, 8 or 9, optionally written with +91 or 0 in front, spaces and dashes allowed; stored
 * as the 10 digits.
 */
export const mobileField = z.string().transform((value, context) => {
  const reading = readIndianMobile(value);
  if (reading.ok) return nationalNumber(reading.number);
  context.addIssue({ code: "custom", message: MOBILE_FORMAT_MESSAGE });
  return z.NEVER;
});

/** An Indian pincode: 6 digits, the first of which is never 0. */
export const pincodeField = z.string().trim().refine(isPincode, PINCODE_MESSAGE);

export const addressField = z.string().trim().max(500, "The address must be at most 500 characters.");

export const cityField = z
  .string()
  .trim()
  .max(80, "The city must be at most 80 characters.")
  .refine((value) => (value.match(/\p{L}/gu) ?? []).length >= 2, "Please enter the city or town.");

/** One of the 36 states and union territories, by its GST state code. */
export const stateCodeField = z.string().refine((code) => stateByCode(code) !== undefined, {
  message: "Please choose the state or union territory.",
});

/**
 * A delivery address as the forms ask for it, the one declaration of its parts: each filled in
 * (with its own message when it is not) and in its format. The checkout requires them all; the
 * profile, where the address is saved for the next checkout, takes each through optionalField. The
 * form also checks that the pincode lies in the state (pincodeInState).
 */
export const deliveryAddressFields = {
  address: requiredText("Please enter the full address.").pipe(addressField),
  city: requiredText("Please enter the city.").pipe(cityField),
  stateCode: requiredText("Please choose the state or union territory.").pipe(stateCodeField),
  pincode: requiredText("Please enter the pincode.").pipe(pincodeField),
  phone: requiredText("Please enter a mobile number.").pipe(mobileField),
};

/**
 * A field a form may leave empty: empty or absent, it is null; anything else must pass `field` (a
 * required field keeps its format and messages, as nothing empty reaches it).
 */
export function optionalField(field: z.ZodType<string, string>) {
  return z
    .string()
    .default("")
    .transform((value) => value.trim())
    .transform((value) => value || null)
    .pipe(field.nullable());
}

/**
 * A pincode must lie in the chosen state: a parcel to 400001 cannot be taxed as a sale to West
 * Bengal. A pincode India Post lists must be in its own state; one it does not list yet (a new
 * office) must at least fall in the state's postal ranges. Reported against the pincode.
 */
export function pincodeInState(
  value: { pincode?: string | null; stateCode?: string | null },
  context: z.RefinementCtx,
) {
  const { pincode, stateCode } = value;
  if (!pincode || !stateCode) return;
  const state = stateByCode(stateCode);
  if (!state) return;
  const listed = findPincode(pincode);
  const home = listed ? stateByCode(listed.stateCode) : undefined;
  if (home && home.code !== state.code) {
    context.addIssue({
      code: "custom",
      path: ["pincode"],
      message: `Pincode ${pincode} is in ${home.name}, not ${state.name}.`,
    });
  } else if (!home && !pincodeFitsState(pincode, stateCode)) {
    context.addIssue({ code: "custom", path: ["pincode"], message: `Pincode ${pincode} is not in ${state.name}.` });
  }
}

/**
 * A buyer's GSTIN, as people type it (spaces and small letters allowed): 15 characters whose state
 * code exists and whose last character is the check character of the others.
 */
export const gstinField = z
  .string()
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^\d{2}[A-Z0-9]{13}$/, "A GSTIN has 15 characters: two digits of state code, then the PAN and three more.")
      .refine(
        (value) => stateByCode(gstinStateCode(value)) !== undefined,
        "This GSTIN's state code is not an Indian state's.",
      )
      .refine(isValidGstin, "This GSTIN is not valid: please check it (its last character is a check character)."),
  );

/**
 * A business invoice needs the GSTIN and the business name together, and the GSTIN must be
 * registered in the billing state (the delivery address's state), which is the place of supply.
 */
export function businessBuyer(
  value: { gstin?: string | null; businessName?: string | null; stateCode?: string | null },
  context: z.RefinementCtx,
) {
  const { gstin, businessName, stateCode } = value;
  if (!gstin && !businessName) return;
  if (!gstin) {
    context.addIssue({ code: "custom", path: ["gstin"], message: "Please enter the GSTIN for the business invoice." });
    return;
  }
  if (!businessName) {
    context.addIssue({
      code: "custom",
      path: ["businessName"],
      message: "Please enter the business name registered under this GSTIN.",
    });
  }
  const registered = stateByCode(gstinStateCode(gstin));
  if (stateCode && registered && registered.code !== stateCode) {
    context.addIssue({
      code: "custom",
      path: ["gstin"],
      message: `This GSTIN is registered in ${registered.name}: the billing address must be in ${registered.name} too.`,
    });
  }
}

/**
 * A whole number from a form, the one reading every form's integers go through (readWholeNumber):
 * plain decimal digits, within [min, max]. "12" is 12; "0x10", "0b11", "0o7", "1e1", "+1", " 1",
 * "1.0" and "" are refused with the message, not read as numbers. A service called with a number
 * takes it as it is.
 */
export function decimalInteger(message: string, min: number, max: number, tooSmall: string = message) {
  const digits = z.string().transform((text, context) => {
    const number = readWholeNumber(text);
    if (number !== undefined) return number;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });
  return z
    .union([z.number(), digits], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, tooSmall).max(max, message));
}

/**
 * A record's id as a form or an address gives it (a product's, an order's, a review's): plain
 * decimal digits read by the one number reader (decimalInteger), 1 or more. The message says which
 * record could not be found ("Which review?").
 */
export function idField(message: string) {
  return decimalInteger(message, 1, Number.MAX_SAFE_INTEGER);
}

/** A page number from an address: a plain decimal in range, else the first page. */
export function pageNumber(value: string | null | undefined, last = 10_000): number {
  const page = readWholeNumber(value ?? "") ?? 1;
  return page >= 1 && page <= last ? page : 1;
}

/** Collects a zod failure into one message per field (the first) and the first message overall. */
export function fieldErrors(error: z.ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return { message: Object.values(fields)[0] ?? "Please check the form.", fields };
}

/**
 * Parses a service's input; a failure becomes a validation AppError with one message per field.
 * When fields are missing, the message is the spec's "All fields are required", followed by what
 * the first missing field needs; otherwise it is the first field's own problem.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = fieldErrors(parsed.error);
    const missing = parsed.error.issues.find(isMissing);
    throw new AppError("validation-failed", missing ? `${REQUIRED_MESSAGE}. ${missing.message}` : message, fields, {
      fieldsMissing: missing !== undefined,
    });
  }
  return parsed.data;
}

/** A required field left empty (or not sent at all). */
function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && issue.params?.[MISSING] === true;
}
