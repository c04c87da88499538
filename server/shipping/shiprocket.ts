import type { ShiprocketSettings } from "../config/courier-settings.ts";
import {
  type AssignedAwb,
  CarrierError,
  type CarrierProvider,
  type CarrierStatusEvent,
  type CreatedShipment,
  type LabelBatch,
  type NdrAction,
  type NdrDetails,
  type PerShipment,
  type PickupScheduled,
  type ShipmentRequest,
  type TrackingReport,
} from "./carrier.ts";
import { readIndiaDateTime, scanEvent } from "./shipment-webhook.ts";
import { shiprocketOrderBody, splitAddress } from "./shiprocket-order.ts";
import { DEFAULT_RETRY, type RetryPolicy, ShiprocketSession } from "./shiprocket-session.ts";
import { readShiprocketStatus } from "./shiprocket-statuses.ts";

/*
 * Shiprocket's external API (record 39) as a CarrierProvider: an order under our order number, an
 * AWB per shipment, a pickup per shipment (its API takes one at a time), labels for many in one
 * call (those it could not make come back in `not_created`), tracking by AWB, NDR actions and
 * cancellation. Some refusals come as a 200 whose body says so (`awb_assign_status: 0`,
 * `label_created: 0`); those are refusals here too.
 */

const CARRIER = "Shiprocket";

type Ids = readonly string[];

/** Shiprocket's ids are numbers; ours are their text. */
const idOf = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);
const idText = (value: unknown): string => (value == null ? "" : String(value));

function refused(call: CarrierError["call"], message: string): CarrierError {
  return new CarrierError({ carrier: CARRIER, call, status: 200, retryable: false, carrierMessage: message });
}

/** Runs `one` for each shipment in turn; each succeeds or fails on its own. */
async function eachShipment<T>(ids: Ids, one: (id: string) => Promise<T>): Promise<PerShipment<T>[]> {
  const results: PerShipment<T>[] = [];
  for (const id of ids) {
    try {
      results.push({ carrierShipmentId: id, ok: true, value: await one(id) });
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      results.push({ carrierShipmentId: id, ok: false, error });
    }
  }
  return results;
}

type AwbAnswer = {
  awb_assign_status?: number;
  message?: string;
  response?: {
    data?: { awb_code?: unknown; courier_name?: unknown; routing_code?: unknown; awb_assign_error?: unknown };
  };
};
type PickupAnswer = {
  pickup_status?: number;
  message?: string;
  response?: { pickup_scheduled_date?: unknown; pickup_token_number?: unknown; data?: unknown };
};
type LabelAnswer = { label_created?: number; label_url?: unknown; not_created?: unknown; response?: unknown };
type TrackAnswer = {
  tracking_data?: {
    track_status?: number;
    shipment_status?: number;
    shipment_track?: { current_status?: unknown }[];
    shipment_track_activities?: unknown[];
    etd?: unknown;
    error?: unknown;
  };
};

export class ShiprocketCarrier implements CarrierProvider {
  readonly name = CARRIER;
  readonly key = "shiprocket";
  readonly #settings: ShiprocketSettings;
  readonly #session: ShiprocketSession;

  constructor(settings: ShiprocketSettings, retry: RetryPolicy = DEFAULT_RETRY) {
    this.#settings = settings;
    this.#session = new ShiprocketSession(settings, retry);
  }

  async createShipment(request: ShipmentRequest): Promise<CreatedShipment> {
    const body = shiprocketOrderBody(request, this.#settings.pickupLocation);
    const answer = (await this.#session.request("create-shipment", "POST", "/orders/create/adhoc", body)) as {
      order_id?: unknown;
      shipment_id?: unknown;
      status?: unknown;
      message?: unknown;
    } | null;
    if (!answer?.order_id || !answer.shipment_id) {
      throw refused("create-shipment", String(answer?.message ?? "Shiprocket made no shipment."));
    }
    return {
      carrierOrderId: idText(answer.order_id),
      carrierShipmentId: idText(answer.shipment_id),
      carrierStatus: idText(answer.status),
    };
  }

  assignAwbs(carrierShipmentIds: Ids): Promise<PerShipment<AssignedAwb>[]> {
    return eachShipment(carrierShipmentIds, async (id) => {
      const answer = (await this.#session.request("assign-awb", "POST", "/courier/assign/awb", {
        shipment_id: idOf(id),
      })) as AwbAnswer | null;
      const data = answer?.response?.data;
      if (answer?.awb_assign_status !== 1 || !data?.awb_code) {
        throw refused("assign-awb", idText(data?.awb_assign_error ?? answer?.message) || "No AWB was assigned.");
      }
      return {
        awb: idText(data.awb_code),
        courierName: idText(data.courier_name),
        routingCode: data.routing_code ? idText(data.routing_code) : null,
      };
    });
  }

  requestPickups(carrierShipmentIds: Ids): Promise<PerShipment<PickupScheduled>[]> {
    return eachShipment(carrierShipmentIds, async (id) => {
      // Its API takes an array but one shipment at a time.
      const answer = (await this.#session.request("request-pickup", "POST", "/courier/generate/pickup", {
        shipment_id: [idOf(id)],
      })) as PickupAnswer | null;
      if (answer?.pickup_status !== 1) {
        throw refused("request-pickup", idText(answer?.message ?? answer?.response?.data) || "No pickup was booked.");
      }
      const scheduled = idText(answer.response?.pickup_scheduled_date);
      return {
        scheduledFor: scheduled ? readIndiaDateTime(scheduled) : null,
        reference: answer.response?.pickup_token_number ? idText(answer.response.pickup_token_number) : null,
      };
    });
  }

  async labels(carrierShipmentIds: Ids): Promise<LabelBatch> {
    let answer: LabelAnswer | null;
    try {
      answer = (await this.#session.request("label", "POST", "/courier/generate/label", {
        shipment_id: carrierShipmentIds.map(idOf),
      })) as LabelAnswer | null;
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      return { url: null, made: [], notMade: carrierShipmentIds.map((id) => ({ carrierShipmentId: id, error })) };
    }
    const notCreated = new Set((Array.isArray(answer?.not_created) ? answer.not_created : []).map(idText));
    const anyMade = answer?.label_created === 1 && typeof answer.label_url === "string" && answer.label_url !== "";
    const why = idText(answer?.response) || "No label was made for this shipment (it needs its AWB first).";
    const made = anyMade ? carrierShipmentIds.filter((id) => !notCreated.has(id)) : [];
    return {
      url: anyMade ? String(answer?.label_url) : null,
      made,
      notMade: carrierShipmentIds
        .filter((id) => !made.includes(id))
        .map((id) => ({ carrierShipmentId: id, error: refused("label", why) })),
    };
  }

  async track(awb: string): Promise<TrackingReport> {
    const answer = (await this.#session.request(
      "track",
      "GET",
      `/courier/track/awb/${encodeURIComponent(awb)}`,
    )) as TrackAnswer | null;
    const data = answer?.tracking_data;
    const scans = (data?.shipment_track_activities ?? [])
      .map((activity) => scanEvent(awb, activity))
      .filter((scan) => scan !== null)
      .sort((a, b) => a.at - b.at);
    const label = idText(data?.shipment_track?.[0]?.current_status);
    const latestScan = scans.at(-1) ?? null;
    const latest: CarrierStatusEvent | null =
      data?.track_status === 1 && (label || latestScan)
        ? {
            ...(latestScan ?? { awb, location: null, activity: null, at: Date.now() }),
            rawStatus: label || (latestScan?.rawStatus ?? ""),
            rawStatusId: data.shipment_status ?? latestScan?.rawStatusId ?? null,
            ...readShiprocketStatus(label || latestScan?.rawStatus, data.shipment_status),
          }
        : null;
    const etd = idText(data?.etd);
    return { awb, latest, scans, expectedDeliveryAt: etd ? readIndiaDateTime(etd) : null };
  }

  /**
   * The collection documents `action` and `comments` only; a re-attempt's day, address and phone go
   * as `deferred_date`, `address1`/`address2` and `phone`, the names Shiprocket's panel fills and
   * public clients of the API send (record 43), and only when asked for.
   */
  async ndrAction(awb: string, action: NdrAction, comments: string, details: NdrDetails = {}): Promise<void> {
    const address = details.address ? splitAddress(details.address) : null;
    await this.#session.request("ndr-action", "POST", `/ndr/${encodeURIComponent(awb)}/action`, {
      action,
      comments: comments.slice(0, 200),
      ...(details.deliverOn ? { deferred_date: details.deliverOn } : {}),
      ...(address ? { address1: address.line1, address2: address.line2 } : {}),
      ...(details.phone ? { phone: details.phone.replace(/\D/g, "").slice(-10) } : {}),
    });
  }

  async cancel(carrierOrderIds: Ids): Promise<void> {
    if (carrierOrderIds.length === 0) return;
    await this.#session.request("cancel", "POST", "/orders/cancel", { ids: carrierOrderIds.map(idOf) });
  }
}

/** The shop's courier when Shiprocket is configured; without it the shop ships by hand. */
export function carrierFor(settings: ShiprocketSettings | null, retry?: RetryPolicy): CarrierProvider | null {
  return settings ? new ShiprocketCarrier(settings, retry) : null;
}
