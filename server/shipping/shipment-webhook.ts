import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { INDIA_OFFSET_MS } from "#core/dates.ts";
import { AppError } from "../errors.ts";
import type { CarrierStatusEvent } from "./carrier.ts";
import { readShiprocketStatus } from "./shiprocket-statuses.ts";

/*
 * Shiprocket's status webhook: a JSON POST with no signature, only the token the seller typed in
 * its panel, sent back as `x-api-key` (record 39). The token is the only proof, so it is compared
 * in constant time, and the body is read through one schema: what the shop relies on must be
 * there and well formed, anything else Shiprocket adds is ignored.
 */

/** The largest body the reader takes (a webhook with a long scan history is a few kilobytes). */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * Whether the `x-api-key` given is the shop's token, compared in constant time (both sides hashed
 * first, so that not even the length leaks). No token set, or none given, never matches.
 */
export function webhookTokenMatches(expected: string, given: unknown): boolean {
  if (!expected || typeof given !== "string" || given.length === 0) return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * Why Shiprocket's panel would refuse this webhook address, or null: it takes no URL containing
 * "shiprocket", "kartrocket", "sr" or "kr".
 */
export function shiprocketWebhookUrlProblem(url: string): string | null {
  const word = ["shiprocket", "kartrocket", "sr", "kr"].find((banned) => url.toLowerCase().includes(banned));
  return word ? `Shiprocket does not accept a webhook address containing "${word}": ${url}` : null;
}

const INDIA_CLOCK = /^(\d{2})[ /-](\d{2})[ /-](\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A wall-clock time in India as epoch ms, or null when it is no real time. */
function indiaWallClock(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(utc);
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return real ? utc - INDIA_OFFSET_MS : null;
}

/** Shiprocket's `current_timestamp`, "DD MM YYYY HH:mm:ss" in India time, as epoch ms; null if it is not one. */
export function readIndiaTimestamp(text: string): number | null {
  const match = INDIA_CLOCK.exec(text.trim());
  if (!match) return null;
  const [, day, month, year, hour, minute, second] = match.map(Number) as number[];
  return indiaWallClock(year ?? 0, month ?? 0, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0);
}

/** The "YYYY-MM-DD HH:mm[:ss]" of scans and ETDs, India time, as epoch ms; null if it is not one. */
export function readIndiaDateTime(text: string): number | null {
  const match = ISO_CLOCK.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map((part) => Number(part ?? 0)) as number[];
  return indiaWallClock(year ?? 0, month ?? 0, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0);
}

const text = (max: number) =>
  z.union([z.string(), z.number()]).transform((value) => String(value).trim().slice(0, max));
const optionalText = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value == null || String(value).trim() === "" ? null : String(value).trim().slice(0, max)));
const statusId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => {
    const id = Number(value);
    return value == null || value === "" || !Number.isSafeInteger(id) ? null : id;
  });

const scanSchema = z.object({
  date: z.string(),
  status: optionalText(60),
  activity: optionalText(300),
  location: optionalText(200),
  "sr-status": statusId,
  "sr-status-label": optionalText(100),
});

const bodySchema = z.object({
  awb: text(40).pipe(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, "must be the parcel's AWB (letters and digits)")),
  current_status: text(100).pipe(z.string().min(1, "must name the status")),
  current_status_id: statusId,
  shipment_status: optionalText(100),
  shipment_status_id: statusId,
  current_timestamp: z.string().transform((value, context) => {
    const at = readIndiaTimestamp(value);
    if (at === null) {
      context.addIssue({ code: "custom", message: `must be "DD MM YYYY HH:mm:ss" in India time, not "${value}"` });
      return z.NEVER;
    }
    return at;
  }),
  order_id: optionalText(60),
  etd: optionalText(40),
  scans: z.array(z.unknown()).max(500).optional(),
});

/** A status webhook as the shop reads it. */
export type ShipmentWebhook = {
  /** The status it reports, at the courier's time. */
  event: CarrierStatusEvent;
  /** The order id Shiprocket was given (our order number), as it echoes it. */
  orderReference: string | null;
  expectedDeliveryAt: number | null;
  /** Its scan history, oldest first; scans it sends malformed are left out. */
  scans: CarrierStatusEvent[];
};

/** One scan of a webhook's or the tracking API's history; null for one without a time or a status. */
export function scanEvent(awb: string, raw: unknown): CarrierStatusEvent | null {
  const scan = scanSchema.safeParse(raw);
  if (!scan.success) return null;
  const at = readIndiaDateTime(scan.data.date);
  const label = scan.data["sr-status-label"];
  if (at === null || !label || label === "NA") return null;
  const read = readShiprocketStatus(label, scan.data["sr-status"]);
  return {
    awb,
    rawStatus: label,
    rawStatusId: scan.data["sr-status"],
    ...read,
    at,
    location: scan.data.location,
    activity: scan.data.activity,
  };
}

function problemOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/**
 * Reads a status webhook's raw body. A body that is not JSON, or lacks what the shop relies on
 * (the AWB, the status, its time), is refused with an error naming what is wrong.
 */
export function readShipmentWebhook(rawBody: Buffer | string): ShipmentWebhook {
  const size = typeof rawBody === "string" ? Buffer.byteLength(rawBody) : rawBody.length;
  if (size > MAX_WEBHOOK_BYTES) throw new AppError("payload-too-large", "The shipment update is too large.");
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString());
  } catch {
    throw new AppError("validation-failed", "The shipment update is not JSON.");
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError("validation-failed", `The shipment update is not valid: ${problemOf(parsed.error)}`);
  }
  const body = parsed.data;
  const statusId = body.current_status_id ?? body.shipment_status_id;
  const scans = (body.scans ?? [])
    .map((scan) => scanEvent(body.awb, scan))
    .filter((scan) => scan !== null)
    .sort((a, b) => a.at - b.at);
  const last = scans.at(-1);
  return {
    event: {
      awb: body.awb,
      rawStatus: body.current_status,
      rawStatusId: statusId,
      ...readShiprocketStatus(body.current_status, statusId),
      at: body.current_timestamp,
      location: last?.location ?? null,
      activity: last?.activity ?? null,
    },
    orderReference: body.order_id,
    expectedDeliveryAt: body.etd ? readIndiaDateTime(body.etd) : null,
    scans,
  };
}
