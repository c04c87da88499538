import { z } from "zod";
import { fail, wholeNumber } from "../config/setting-fields.ts";
import { findPincode } from "./pincode-directory.ts";

/**
 * How the shop promises delivery where the courier's list is silent: the warehouse the parcels leave
 * from, the time of day after which an order waits for the next working day, the working days of
 * handling, and transit days by distance from the warehouse (bands of "up to N km: min–max days").
 */
export type DistanceBand = { upToKm: number | null; minDays: number; maxDays: number };

export type DeliverySettings = {
  warehousePincode: string;
  /** Minutes past midnight, India time. */
  cutoffMinutes: number;
  handlingDays: number;
  /** Nearest first; the last has no limit. */
  bands: DistanceBand[];
  /**
   * Cash on delivery stops at a pincode whose cash parcels come back more often than this fraction
   * (COD_MAX_RTO_RATE, record 43); null or absent: never.
   */
  codMaxRtoRate?: number | null;
};

/** Within a city, next door, across the country, and the far north-east and the islands. */
export const DEFAULT_DELIVERY_BANDS = "50:1-2,300:2-3,1000:3-5,2000:4-7,*:6-9";

/** "50:1-2,300:2-3,*:6-9" as bands, or the reason it cannot be read. */
export function parseDeliveryBands(text: string): DistanceBand[] | string {
  const bands: DistanceBand[] = [];
  for (const part of text.split(",").map((entry) => entry.trim())) {
    const match = /^(\d{1,5}|\*):(\d{1,2})-(\d{1,2})$/.exec(part);
    if (!match) return `"${part}" is not "km:min-max" (the last one "*:min-max")`;
    const [, km = "", min = "", max = ""] = match;
    const band = { upToKm: km === "*" ? null : Number(km), minDays: Number(min), maxDays: Number(max) };
    if (band.minDays < 1 || band.maxDays < band.minDays || band.maxDays > 30) {
      return `"${part}": transit days must run from 1 up to 30, the smaller first`;
    }
    const previous = bands.at(-1);
    if (previous && (previous.upToKm === null || (band.upToKm !== null && band.upToKm <= previous.upToKm))) {
      return "the bands must go outwards, and only the last one may be *";
    }
    bands.push(band);
  }
  if (bands.at(-1)?.upToKm !== null) return "the last band must be * (every distance beyond)";
  return bands;
}

/** COD_MAX_RTO_RATE ("0.3") as a fraction above 0 and at most 1, or the reason it cannot be read. */
export function parseRtoRate(text: string): number | string {
  const value = text.trim();
  const rate = Number(value);
  if (!/^(0?\.\d+|0|1|1\.0+)$/.test(value) || !(rate > 0) || rate > 1) {
    return `must be a fraction above 0 and at most 1, such as 0.3 (got "${value}")`;
  }
  return rate;
}

/** "14:00" as minutes past midnight, or null. */
export function parseCutoff(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  // The shop's own address in Bandra West, Mumbai.
  warehousePincode: "400050",
  cutoffMinutes: 14 * 60,
  handlingDays: 1,
  bands: parseDeliveryBands(DEFAULT_DELIVERY_BANDS) as DistanceBand[],
};

/** A band's name, as the admin's promise table groups orders: "Up to 300 km", "Beyond 2,000 km". */
export function bandName(bands: readonly DistanceBand[], band: DistanceBand): string {
  if (band.upToKm !== null) return `Up to ${band.upToKm.toLocaleString("en-IN")} km`;
  const last = bands.at(-2)?.upToKm;
  return last ? `Beyond ${last.toLocaleString("en-IN")} km` : "Anywhere";
}

/** A pincode the shop's directory lists: the warehouse's distance to every other is measured from it. */
const warehousePincode = z
  .string()
  .trim()
  .refine((value) => findPincode(value) !== undefined, { message: "must be a 6-digit pincode India Post lists" });

/** Delivery promises where the courier's list is silent, as the environment sets them. */
export const DELIVERY_ENV = {
  SHOP_WAREHOUSE_PINCODE: warehousePincode.default(DEFAULT_DELIVERY_SETTINGS.warehousePincode),
  // "14:00": after this time (India) an order counts from the next working day.
  DISPATCH_CUTOFF: z
    .string()
    .transform((value, context) => parseCutoff(value) ?? fail(context, 'must be a time of day such as "14:00"'))
    .prefault("14:00"),
  HANDLING_DAYS: wholeNumber(0, 10).default(DEFAULT_DELIVERY_SETTINGS.handlingDays),
  // Transit days by distance from the warehouse, e.g. "50:1-2,300:2-3,*:6-9".
  DELIVERY_BANDS: z
    .string()
    .transform((value, context) => {
      const bands = parseDeliveryBands(value);
      return typeof bands === "string" ? fail(context, bands) : bands;
    })
    .prefault(DEFAULT_DELIVERY_BANDS),
  // Cash on delivery stops at pincodes whose cash parcels come back more often than this (unset: never).
  COD_MAX_RTO_RATE: z
    .string()
    .transform((value, context) => {
      const rate = parseRtoRate(value);
      return typeof rate === "string" ? fail(context, rate) : rate;
    })
    .optional(),
};

export function deliverySettingsOf(values: z.output<z.ZodObject<typeof DELIVERY_ENV>>): DeliverySettings {
  return {
    warehousePincode: values.SHOP_WAREHOUSE_PINCODE,
    cutoffMinutes: values.DISPATCH_CUTOFF,
    handlingDays: values.HANDLING_DAYS,
    bands: values.DELIVERY_BANDS,
    codMaxRtoRate: values.COD_MAX_RTO_RATE ?? null,
  };
}
