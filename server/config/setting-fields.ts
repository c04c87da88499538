import { z } from "zod";

/*
 * What every reader of the shop's settings shares. server/config.ts composes the readers: those of
 * the rooms below it stand beside their rooms (delivery/delivery-settings.ts,
 * invoices/seller-settings.ts, messaging/messaging-settings.ts); those of the rooms above it, which
 * read their settings from the composed Config, stand here (payment-settings.ts,
 * password-settings.ts), so that no room and config.ts import each other.
 */

/** Settings that cannot be used, each named with what is wrong with it: the start stops, listing them. */
export class SettingError extends Error {
  override name = "SettingError";
  readonly problems: readonly { setting: string; message: string }[];
  constructor(problems: readonly { setting: string; message: string }[]) {
    super(problems.map((problem) => `${problem.setting}: ${problem.message}`).join("\n"));
    this.problems = problems;
  }
}

export const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

/** A whole number within [min, max], as the environment spells it. */
export function wholeNumber(min: number, max: number) {
  return z.coerce.number({ error: "must be a number" }).int().min(min).max(max);
}

/** An http(s) origin, maybe with a path, without a trailing slash: the shop's, a gateway's, a bucket's. */
export const webAddress = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(value), {
    message: "must be an http:// or https:// address",
  })
  .transform((value) => value.replace(/\/+$/, ""));

/** Refuses a setting inside a zod transform, with the message the start prints beside its name. */
export function fail(context: z.RefinementCtx, message: string): never {
  context.addIssue({ code: "custom", message });
  return z.NEVER;
}
