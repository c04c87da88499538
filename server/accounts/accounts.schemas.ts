import { z } from "zod";
import type { Role } from "#core/actor.ts";
import type { Locale } from "#core/locales.ts";
import {
  deliveryAddressFields,
  emailField,
  nameField,
  optionalField,
  pincodeInState,
  requiredText,
} from "../validation/fields.ts";

export const signupSchema = z.object({
  name: requiredText("Please enter your name.").pipe(nameField),
  email: requiredText("Please enter your e-mail address.").pipe(emailField),
  password: requiredText("Please choose a password.", { trim: false }),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Please enter your e-mail and password."),
  password: z.string().min(1, "Please enter your e-mail and password."),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The profile, with the saved delivery address the checkout starts from (each part optional). */
export const profileSchema = z
  .object({
    name: nameField,
    /** Left empty only by an account made by phone that has no e-mail yet. */
    email: optionalField(emailField),
    phone: optionalField(deliveryAddressFields.phone),
    address: optionalField(deliveryAddressFields.address),
    city: optionalField(deliveryAddressFields.city),
    stateCode: optionalField(deliveryAddressFields.stateCode),
    pincode: optionalField(deliveryAddressFields.pincode),
    /** Needed only when the e-mail changes. */
    currentPassword: z.string().default(""),
  })
  .superRefine(pincodeInState);
export type ProfileInput = z.input<typeof profileSchema>;

/** The forms that ask for an e-mail address alone: forgot password, send the confirmation again. */
export const emailOnlySchema = z.object({ email: requiredText("Please enter your e-mail address.").pipe(emailField) });

/** A new password chosen through a reset link. */
export const passwordResetSchema = z.object({ code: z.string(), password: z.string().default("") });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** Deleting an account asks for the password and a ticked box. */
export const deletionSchema = z.object({
  password: requiredText("Please enter your password.", { trim: false }),
  confirm: z
    .boolean()
    .default(false)
    .refine((ticked) => ticked, "Please tick the box to confirm that the account is to be deleted."),
});
export type DeletionInput = z.input<typeof deletionSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, "Please enter your current password."),
  newPassword: z.string().min(1, "Please enter a new password."),
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** What the profile screens show. */
export type Profile = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  stateCode: string | null;
  pincode: string | null;
  photoUrl: string | null;
  role: Role;
  /** The account has a real e-mail (an account made by phone has none until it adds one: `email` is then ""). */
  hasEmail: boolean;
  /** The number the account signs in with, verified by a code ("+91…"); null when none. */
  mobile: string | null;
  /** Whether order updates go to that number on WhatsApp too (its latest consent is an opt-in). */
  whatsappUpdates: boolean;
  /** The address was confirmed through the link mailed to it. */
  emailVerified: boolean;
  /** A new address waiting for its owner to confirm it, if the e-mail is being changed. */
  pendingEmail: string | null;
};

/**
 * The browser that signs in: its address (for throttling), its user agent (kept with the session),
 * the guest id whose cart and wishlist join the account, and the session it already had, which ends.
 */
export type ClientMeta = {
  ip: string;
  userAgent: string | null;
  guestId?: string | null;
  replacesSessionToken?: string | null;
  /** The language of the page signed up on: a new account's mails speak it (record 47). */
  locale?: Locale;
};
