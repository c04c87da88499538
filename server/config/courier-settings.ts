import { z } from "zod";
import { SettingError } from "./setting-fields.ts";

/*
 * The courier's settings (SHIPROCKET_*), checked at start as Razorpay's are: all four that say who
 * the shop is at Shiprocket, or none (the shop then ships by hand and prints its own labels). Apart
 * from the shipping room (server/shipping/), which reads them, so that the configuration depends on
 * no room that acts on orders.
 */

/** The courier's settings as the environment gives them; shiprocketSettingsOf checks them together. */
export const SHIPROCKET_ENV = {
  SHIPROCKET_EMAIL: z.string().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().optional(),
  // Shiprocket's own address unless set (a local stand-in for tests and demos: npm run dev:carrier).
  SHIPROCKET_API_URL: z.string().optional(),
};

/** Shiprocket's settings (SHIPROCKET_*): an API user's login, the pickup location's name, the webhook's token. */
export type ShiprocketSettings = {
  email: string;
  password: string;
  pickupLocation: string;
  webhookToken: string;
  /** https://apiv2.shiprocket.in/v1/external, or the local courier's address. */
  apiUrl: string;
};

export const SHIPROCKET_API_URL = "https://apiv2.shiprocket.in/v1/external";

export type ShippingEnv = {
  SHIPROCKET_EMAIL?: string | undefined;
  SHIPROCKET_PASSWORD?: string | undefined;
  SHIPROCKET_PICKUP_LOCATION?: string | undefined;
  SHIPROCKET_WEBHOOK_TOKEN?: string | undefined;
  SHIPROCKET_API_URL?: string | undefined;
};

/** A setting that cannot be used, named, with what is wrong with it. */
function refused(setting: string, message: string): SettingError {
  return new SettingError([{ setting, message }]);
}

const REQUIRED = [
  "SHIPROCKET_EMAIL",
  "SHIPROCKET_PASSWORD",
  "SHIPROCKET_PICKUP_LOCATION",
  "SHIPROCKET_WEBHOOK_TOKEN",
] as const;

/** The webhook's token is the only proof a status update is Shiprocket's (it is not signed). */
export const WEBHOOK_TOKEN_MIN = 16;

/**
 * Shiprocket's settings, or null when none is set. Half of them stops the start, naming each one
 * missing; so does a token too short to be a secret, or an API address that is not one.
 */
export function shiprocketSettingsOf(env: ShippingEnv): ShiprocketSettings | null {
  const value = (key: keyof ShippingEnv) => env[key]?.trim() ?? "";
  const missing = REQUIRED.filter((key) => !value(key));
  if (missing.length === REQUIRED.length) {
    if (value("SHIPROCKET_API_URL")) {
      throw refused(
        "SHIPROCKET_API_URL",
        `is set, but ${REQUIRED.join(", ")} are not (set all of them to book couriers, or none)`,
      );
    }
    return null;
  }
  const [first] = missing;
  if (first) {
    throw refused(
      first,
      `is needed to book couriers (set ${missing.length === 1 ? "it" : `${missing.join(", ")}`} with the other SHIPROCKET_ settings, or none of them)`,
    );
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(value("SHIPROCKET_EMAIL"))) {
    throw refused("SHIPROCKET_EMAIL", "must be the e-mail address of a Shiprocket API user");
  }
  if (value("SHIPROCKET_WEBHOOK_TOKEN").length < WEBHOOK_TOKEN_MIN) {
    throw refused(
      "SHIPROCKET_WEBHOOK_TOKEN",
      `must be at least ${WEBHOOK_TOKEN_MIN} characters: it is the only proof a status update comes from Shiprocket`,
    );
  }
  const apiUrl = (value("SHIPROCKET_API_URL") || SHIPROCKET_API_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(apiUrl)) {
    throw refused("SHIPROCKET_API_URL", "must be an http:// or https:// address");
  }
  return {
    email: value("SHIPROCKET_EMAIL"),
    password: value("SHIPROCKET_PASSWORD"),
    pickupLocation: value("SHIPROCKET_PICKUP_LOCATION"),
    webhookToken: value("SHIPROCKET_WEBHOOK_TOKEN"),
    apiUrl,
  };
}
