import type { ShipmentStatus } from "./shipment-machine.ts";

/*
 * What the shop needs of a courier, in neutral words, so that Delhivery (or any aggregator) can be
 * added beside Shiprocket without touching the shipment's rules. Money is integer paise, weights
 * grams, sizes centimetres, times epoch milliseconds; each provider converts at its own edge.
 */

/** Where a parcel goes, as the order keeps it. */
export type ParcelAddress = {
  name: string;
  /** The street address as the buyer typed it (one line; a provider splits it as it must). */
  address: string;
  city: string;
  /** The state's name ("Maharashtra"). */
  state: string;
  pincode: string;
  /** The buyer's mobile number; a provider keeps the last 10 digits. */
  phone: string;
  email: string;
};

/** One line of the parcel's contents, as sold. */
export type ParcelItem = {
  name: string;
  sku: string;
  quantity: number;
  /** Paise, per piece. */
  unitPrice: number;
  hsn?: string;
};

/** Cash the courier collects at the door, or nothing (paid online). */
export type ParcelPayment = { method: "cod"; collect: number } | { method: "prepaid" };

export type ParcelSize = { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };

/** Everything a courier needs to book one parcel. */
export type ShipmentRequest = {
  /** Our order number: the courier's order id, which makes a second booking the same shipment. */
  reference: string;
  orderedAt: number;
  to: ParcelAddress;
  items: readonly ParcelItem[];
  payment: ParcelPayment;
  /** The parcel's value in paise (the invoice's): what is insured, and on a prepaid parcel what is declared. */
  value: number;
  parcel: ParcelSize;
  /** The e-way bill's number, for a consignment above ₹50,000. */
  ewayBillNumber?: string | null;
};

/** The courier's own ids for a booked parcel. */
export type CreatedShipment = {
  carrierOrderId: string;
  carrierShipmentId: string;
  /** What the courier calls the state it is in ("NEW"). */
  carrierStatus: string;
};

export type AssignedAwb = { awb: string; courierName: string; routingCode: string | null };

export type PickupScheduled = { scheduledFor: number | null; reference: string | null };

/** The outcome of one shipment in a call about many: each succeeds or fails on its own. */
export type PerShipment<T> =
  | { carrierShipmentId: string; ok: true; value: T }
  | { carrierShipmentId: string; ok: false; error: CarrierError };

/** Labels of several shipments: one document for those made, and why each other one was not. */
export type LabelBatch = {
  /** Where the courier's label document is (one PDF for every shipment made); null when none was. */
  url: string | null;
  made: string[];
  notMade: { carrierShipmentId: string; error: CarrierError }[];
};

/** One status the courier reported, as it reported it and as the shop reads it. */
export type CarrierStatusEvent = {
  awb: string;
  /** The courier's status id and label, kept as given (its tables disagree; see record 39). */
  rawStatusId: number | null;
  rawStatus: string;
  /** The shipment state the label means; null for news that moves nothing, or a label not known. */
  status: ShipmentStatus | null;
  /** Whether the label (or id) is one the shop knows; an unknown one is recorded and logged. */
  known: boolean;
  at: number;
  location: string | null;
  activity: string | null;
};

export type TrackingReport = {
  awb: string;
  /** The latest status, or null before the courier has scanned the parcel. */
  latest: CarrierStatusEvent | null;
  /** Every scan, oldest first. */
  scans: CarrierStatusEvent[];
  expectedDeliveryAt: number | null;
};

/** What the shop asks of a parcel the courier could not deliver: try again, or bring it back (final). */
export type NdrAction = "re-attempt" | "return";

/** What goes with a re-attempt: the day asked for ("YYYY-MM-DD", India), a corrected address or phone. */
export type NdrDetails = { deliverOn?: string | null; address?: string | null; phone?: string | null };

/** The calls, named in errors so that a failure says which step failed. */
export type CarrierCall =
  | "login"
  | "create-shipment"
  | "assign-awb"
  | "request-pickup"
  | "label"
  | "track"
  | "ndr-action"
  | "cancel";

export interface CarrierProvider {
  /** The courier's (or aggregator's) name, as the admin's screens show it. */
  readonly name: string;
  /** The shipment's `carrier` column. */
  readonly key: string;
  /** Books the parcel; the same `reference` twice is the same shipment. */
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  /** Gives each shipment its air waybill number and courier. */
  assignAwbs(carrierShipmentIds: readonly string[]): Promise<PerShipment<AssignedAwb>[]>;
  /** Asks the courier to collect each shipment (each needs its AWB first). */
  requestPickups(carrierShipmentIds: readonly string[]): Promise<PerShipment<PickupScheduled>[]>;
  /** The courier's labels (each shipment needs its AWB first). */
  labels(carrierShipmentIds: readonly string[]): Promise<LabelBatch>;
  track(awb: string): Promise<TrackingReport>;
  ndrAction(awb: string, action: NdrAction, comments: string, details?: NdrDetails): Promise<void>;
  /** Cancels bookings not yet picked up. */
  cancel(carrierOrderIds: readonly string[]): Promise<void>;
}

/**
 * A courier call that failed: which call, what the courier said, and whether trying again can
 * help. A 429 (too many calls), a 5xx or no answer at all can pass; a refusal (a 4xx: bad data,
 * a label before an AWB, an NDR action on a delivered parcel) will not, until something changes.
 */
export class CarrierError extends Error {
  override name = "CarrierError";
  readonly carrier: string;
  readonly call: CarrierCall;
  /** The HTTP status, or null when the courier could not be reached or we refused before asking. */
  readonly status: number | null;
  readonly retryable: boolean;
  /** How long the courier asked us to wait, when it said. */
  readonly retryAfterMs: number | null;
  /** The courier's own words, shortened. */
  readonly carrierMessage: string;

  constructor(fields: {
    carrier: string;
    call: CarrierCall;
    status: number | null;
    retryable: boolean;
    carrierMessage: string;
    retryAfterMs?: number | null;
  }) {
    const what = fields.status === null ? "" : ` (${fields.status})`;
    const verdict = fields.retryable ? "could not do" : "refused";
    super(`${fields.carrier} ${verdict} ${fields.call}${what}: ${fields.carrierMessage}`);
    this.carrier = fields.carrier;
    this.call = fields.call;
    this.status = fields.status;
    this.retryable = fields.retryable;
    this.carrierMessage = fields.carrierMessage;
    this.retryAfterMs = fields.retryAfterMs ?? null;
  }
}

/** Whether an HTTP status means "try again later" rather than "no". */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}
