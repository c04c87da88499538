import type { ShiprocketSettings } from "../config/courier-settings.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { applyEarlyNews, recordStatusUpdate } from "./shipment-news.service.ts";
import { readShipmentWebhook, webhookTokenMatches } from "./shipment-webhook.ts";

/** What a status webhook did, as its answer and the log say. */
export type WebhookOutcome = {
  status: "recorded" | "duplicate" | "unknown-awb";
  awb: string;
  /** The courier's status as it said it, and whether the shop knows it (an unknown one is logged). */
  rawStatus: string;
  known: boolean;
  moved: string | null;
};

/**
 * Shiprocket's status webhook (record 39's reader, record 43's route): the `x-api-key` token first
 * (constant time; no token set, none sent, a wrong one or two of them: refused and nothing read),
 * then the body through its one schema, then the news and its scans recorded once each in one
 * transaction, the parcel and its order moving as the machine allows.
 */
export async function receiveShipmentWebhook(
  db: Db,
  settings: ShiprocketSettings | null,
  request: { token: unknown; body: Buffer },
  now: number = Date.now(),
): Promise<WebhookOutcome> {
  if (!webhookTokenMatches(settings?.webhookToken ?? "", request.token)) {
    throw new AppError("unauthenticated", "The shipment update's x-api-key is missing or wrong.");
  }
  const webhook = readShipmentWebhook(request.body);
  const outcome = await recordStatusUpdate(db, webhook, now);
  // News of an AWB the shop did not know may be a booking's still being stored: once this is
  // committed, the booking's AWB is looked for again (see applyEarlyNews).
  const early = outcome.shipmentId === null ? await applyEarlyNews(db, webhook.event.awb, now) : null;
  const moved = early?.moved ?? outcome.moved;
  return {
    status: early?.claimed === 0 ? "unknown-awb" : outcome.anythingNew ? "recorded" : "duplicate",
    awb: webhook.event.awb,
    rawStatus: webhook.event.rawStatus,
    known: outcome.known,
    moved: moved ? `${moved.from} → ${moved.to}` : null,
  };
}
