import type { z } from "zod";
import { booleanFlag, SettingError, wholeNumber } from "./setting-fields.ts";

/** What a new password must be, as the environment sets it (by default: 6 to 128 characters). */
export const PASSWORD_ENV = {
  PASSWORD_MIN_LENGTH: wholeNumber(6, 128).default(6),
  PASSWORD_MAX_LENGTH: wholeNumber(6, 128).default(128),
  PASSWORD_REQUIRE_LOWERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_UPPERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_NUMERIC: booleanFlag.default(false),
  PASSWORD_REQUIRE_SYMBOL: booleanFlag.default(false),
};

export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireSymbol: boolean;
};

export function passwordPolicyOf(values: z.output<z.ZodObject<typeof PASSWORD_ENV>>): PasswordPolicy {
  if (values.PASSWORD_MAX_LENGTH < values.PASSWORD_MIN_LENGTH) {
    throw new SettingError([{ setting: "PASSWORD_MAX_LENGTH", message: "must not be below PASSWORD_MIN_LENGTH" }]);
  }
  return {
    minLength: values.PASSWORD_MIN_LENGTH,
    maxLength: values.PASSWORD_MAX_LENGTH,
    requireLowercase: values.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: values.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: values.PASSWORD_REQUIRE_NUMERIC,
    requireSymbol: values.PASSWORD_REQUIRE_SYMBOL,
  };
}
