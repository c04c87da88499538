import { z } from "zod";
import { AppError } from "../errors.ts";

/** Field rules shared by every form that asks for them. */

export const REQUIRED_MESSAGE = "All fields are required";

export const emailField = z
  .string()
  .trim()
  .max(254, "The e-mail address is too long.")
  .pipe(z.email({ error: "Please enter a valid e-mail address." }));

export const nameField = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(100, "The name must be at most 100 characters.");

/** An Indian mobile number: 10 digits, optionally written with +91 in front; stored as the 10 digits. */
export const mobileField = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => /^(\+91|91|0)?\d{10}$/.test(value), {
    message: "The mobile number must have 10 digits (you may add +91 in front).",
  })
  .transform((value) => value.slice(-10));

export const pincodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "The pincode must have 6 digits.");

export const addressField = z.string().trim().max(500, "The address must be at most 500 characters.");

/**
 * A whole number as people write it: plain decimal digits, within [min, max]. "12" is 12; "0x10",
 * "0b11", "0o7", "1e1", "+1", "1.0" and "" are refused with the message, not read as numbers.
 */
export function decimalInteger(message: string, min: number, max: number, tooSmall: string = message) {
  const digits = z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, message)
    .transform(Number);
  return z
    .union([z.number(), digits], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, tooSmall).max(max, message));
}

/** A page number from an address: a plain decimal in range, else the first page. */
export function pageNumber(value: string | null | undefined, last = 10_000): number {
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
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

/** Parses a service's input; a failure becomes a validation AppError with one message per field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = fieldErrors(parsed.error);
    throw new AppError("validation-failed", message, fields);
  }
  return parsed.data;
}
