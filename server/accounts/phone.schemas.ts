import { z } from "zod";

/*
 * The forms of signing in with a mobile number, and of adding one to an account, each read by its
 * schema (record 15). The services read the number and the code themselves (core/phone.ts and the
 * code's own rules), so these name the fields and take them as typed.
 */

/** The number to send a code to. */
export const phoneNumberForm = z.object({ phone: z.string() });

/** "Send the code again", for the sign-in under way. */
export const phoneResendForm = z.object({ challengeId: z.string() });

/** The code from the SMS, for the sign-in under way. */
export const phoneCodeForm = z.object({ challengeId: z.string(), code: z.string() });

/** A new account's name, asked once the number is verified and has no account. */
export const phoneNameForm = z.object({ challengeId: z.string(), name: z.string().default("") });

/** The profile's switch for WhatsApp order updates. */
export const whatsappUpdatesForm = z.object({ whatsapp: z.enum(["on", "off"], { error: "Please choose on or off." }) });
