import { randomInt } from "node:crypto";
import { BILLING_FIELD_MAX, ORDER_ID_MAX } from "../shipping/shiprocket-order.ts";
import {
  LIVES,
  type Life,
  type LifeStatus,
  lifeFrom,
  type PlayedEvent,
  RETURN_LEG,
  scanTimestamp,
} from "./local-courier-lives.ts";

/*
 * The rules of the local courier's API, apart from its HTTP plumbing: what Shiprocket checks and
 * refuses, in the order it does (record 39). Each handler takes the parsed body and answers a
 * status and a body as Shiprocket's examples show them.
 */

export type Answer = { status: number; body: unknown };

/** A parcel as the local courier keeps it. */
export type Parcel = {
  srOrderId: number;
  shipmentId: number;
  reference: string;
  order: Record<string, unknown>;
  awb: string | null;
  courierName: string;
  awbAssignedAt: number;
  pickupScheduledAt: number | null;
  life: Life;
  /** What is still to happen to it, once its pickup is booked. */
  queue: LifeStatus[];
  history: PlayedEvent[];
  ndrActions: {
    action: string;
    comments: string;
    at: number;
    deferredDate?: string;
    address1?: string;
    address2?: string;
    phone?: string;
  }[];
  returnRequested: boolean;
  cancelled: boolean;
};

export type CourierState = {
  parcels: Map<number, Parcel>;
  pickupLocation: string;
  unserviceablePincodes: ReadonlySet<string>;
  courierName: string;
  next: { order: number; shipment: number };
};

const invalid = (errors: Record<string, string[]>): Answer => ({
  status: 422,
  body: { message: "Oops! Invalid Data.", errors, status_code: 422 },
});
const refused = (message: string, status = 400): Answer => ({ status, body: { message, status_code: status } });

const REQUIRED = [
  "order_id",
  "order_date",
  "pickup_location",
  "billing_customer_name",
  "billing_address",
  "billing_city",
  "billing_pincode",
  "billing_state",
  "billing_country",
  "billing_email",
  "billing_phone",
  "order_items",
  "payment_method",
  "sub_total",
  "length",
  "breadth",
  "height",
  "weight",
] as const;

const LIMITS: Record<string, number> = {
  order_id: ORDER_ID_MAX,
  billing_customer_name: BILLING_FIELD_MAX,
  billing_last_name: BILLING_FIELD_MAX,
  billing_address: BILLING_FIELD_MAX,
  billing_city: BILLING_FIELD_MAX,
};

type Problems = Record<string, string[]>;

function note(errors: Problems, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/** Fields missing, and fields longer than Shiprocket takes. */
function presenceErrors(body: Record<string, unknown>, errors: Problems) {
  for (const field of REQUIRED) {
    const value = body[field];
    const words = field.replaceAll("_", " ");
    if (value === undefined || value === null || value === "") note(errors, field, `The ${words} field is required.`);
  }
  for (const [field, max] of Object.entries(LIMITS)) {
    const words = field.replaceAll("_", " ");
    if (String(body[field] ?? "").length > max)
      note(errors, field, `The ${words} may not be greater than ${max} characters.`);
  }
}

/** Values Shiprocket refuses: an unknown pickup location, a payment method, a parcel's size. */
function valueErrors(body: Record<string, unknown>, pickupLocation: string, errors: Problems) {
  if (body.pickup_location && body.pickup_location !== pickupLocation) {
    note(errors, "pickup_location", "Pickup location does not exist.");
  }
  if (body.payment_method && !/^(cod|prepaid)$/i.test(String(body.payment_method))) {
    note(errors, "payment_method", "The payment method must be COD or Prepaid.");
  }
  for (const side of ["length", "breadth", "height"]) {
    if (!(Number(body[side]) > 0.5)) note(errors, side, `The ${side} must be more than 0.5.`);
  }
  if (!(Number(body.weight) > 0)) note(errors, "weight", "The weight must be more than 0.");
  if (!Array.isArray(body.order_items) || body.order_items.length === 0) {
    note(errors, "order_items", "The order items must be a list.");
  }
}

/** What the adhoc order's body gets wrong, field by field, as a 422 names it. */
function orderErrors(body: Record<string, unknown>, pickupLocation: string): Problems {
  const errors: Problems = {};
  presenceErrors(body, errors);
  valueErrors(body, pickupLocation, errors);
  return errors;
}

/** POST /orders/create/adhoc: the same order_id twice is the one order (a cancelled one is refused). */
export function createOrder(state: CourierState, body: Record<string, unknown>): Answer {
  const errors = orderErrors(body, state.pickupLocation);
  if (Object.keys(errors).length > 0) return invalid(errors);
  const reference = String(body.order_id);
  const existing = [...state.parcels.values()].find((parcel) => parcel.reference === reference);
  if (existing?.cancelled) {
    return invalid({ order_id: ["An order with this order id was cancelled; use another order id."] });
  }
  const parcel: Parcel = existing ?? {
    srOrderId: state.next.order++,
    shipmentId: state.next.shipment++,
    reference,
    order: body,
    awb: null,
    courierName: state.courierName,
    awbAssignedAt: 0,
    pickupScheduledAt: null,
    life: lifeFrom(reference, String(body.billing_address ?? ""), String(body.billing_address_2 ?? "")),
    queue: [],
    history: [],
    ndrActions: [],
    returnRequested: false,
    cancelled: false,
  };
  state.parcels.set(parcel.shipmentId, parcel);
  return {
    status: 200,
    body: {
      order_id: parcel.srOrderId,
      shipment_id: parcel.shipmentId,
      status: parcel.awb ? "AWB ASSIGNED" : "NEW",
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: parcel.awb,
      courier_company_id: parcel.awb ? 99 : null,
      courier_name: parcel.awb ? parcel.courierName : null,
    },
  };
}

function awbData(parcel: Parcel) {
  return {
    awb_assign_status: 1,
    response: {
      data: {
        courier_company_id: 99,
        awb_code: parcel.awb,
        order_id: parcel.srOrderId,
        shipment_id: parcel.shipmentId,
        courier_name: parcel.courierName,
        routing_code: "S2/BOM/1A",
        assigned_date_time: { date: new Date(parcel.awbAssignedAt).toISOString(), timezone: "Asia/Kolkata" },
      },
    },
  };
}

/** POST /courier/assign/awb: one shipment; an unserviceable pincode is refused in a 200, as Shiprocket does. */
export function assignAwb(state: CourierState, body: Record<string, unknown>, now: number): Answer {
  if (body.shipment_id === undefined || body.shipment_id === null || body.shipment_id === "") {
    return {
      status: 422,
      body: { message: "Required field missing", errors: { shipment_id: ["The shipment id field is required."] } },
    };
  }
  const parcel = state.parcels.get(Number(body.shipment_id));
  if (!parcel) return refused("Invalid shipment id");
  if (parcel.cancelled) return refused("Cannot assign an AWB to a cancelled shipment.");
  if (parcel.awb) return { status: 200, body: awbData(parcel) };
  const pincode = String(parcel.order.billing_pincode ?? "");
  if (state.unserviceablePincodes.has(pincode)) {
    return {
      status: 200,
      body: { awb_assign_status: 0, response: { data: { awb_assign_error: `No courier serves pincode ${pincode}.` } } },
    };
  }
  parcel.awb = `7${String(randomInt(1e6)).padStart(6, "0")}${String(parcel.shipmentId).slice(-7).padStart(7, "0")}`;
  parcel.awbAssignedAt = now;
  return { status: 200, body: awbData(parcel) };
}

function idList(body: Record<string, unknown>, field: string): unknown[] | Answer {
  const ids = body[field];
  if (!Array.isArray(ids)) return invalid({ [field]: [`The ${field.replaceAll("_", " ")} must be an array.`] });
  return ids;
}

/** POST /courier/generate/pickup: one shipment at a time, and only once it has its AWB. Its life starts. */
export function generatePickup(state: CourierState, body: Record<string, unknown>, now: number): Answer {
  const ids = idList(body, "shipment_id");
  if (!Array.isArray(ids)) return ids;
  if (ids.length !== 1) return refused("Only one shipment id can be passed at a time.");
  const parcel = state.parcels.get(Number(ids[0]));
  if (!parcel || parcel.cancelled) return refused("Invalid shipment id");
  if (!parcel.awb) return refused("Please assign an AWB to the shipment before requesting its pickup.");
  if (parcel.pickupScheduledAt === null) {
    parcel.pickupScheduledAt = now;
    parcel.queue = [...LIVES[parcel.life.name]];
  }
  return {
    status: 200,
    body: {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: scanTimestamp(parcel.pickupScheduledAt),
        pickup_token_number: `Reference No: LOCAL-${parcel.shipmentId}`,
        status: 3,
        data: `Pickup is confirmed by ${parcel.courierName} For AWB :- ${parcel.awb}`,
      },
    },
  };
}

/** POST /courier/generate/label: many at once; those without an AWB come back in not_created. */
export function generateLabel(state: CourierState, body: Record<string, unknown>, labelUrl: (ids: number[]) => string) {
  const ids = idList(body, "shipment_id");
  if (!Array.isArray(ids)) return ids;
  const made: number[] = [];
  const notCreated: number[] = [];
  for (const id of ids.map(Number)) {
    const parcel = state.parcels.get(id);
    (parcel?.awb && !parcel.cancelled ? made : notCreated).push(id);
  }
  if (made.length === 0) {
    return {
      status: 200,
      body: { label_created: 0, not_created: notCreated, response: "No valid shipment ids to print label" },
    };
  }
  return {
    status: 200,
    body: {
      label_created: 1,
      label_url: labelUrl(made),
      response: "Label has been created and uploaded successfully!",
      not_created: notCreated,
    },
  };
}

/** POST /ndr/{awb}/action: only on a parcel in NDR; "return" is final. */
export function ndrAction(parcel: Parcel | undefined, body: Record<string, unknown>, now: number): Answer {
  if (!parcel) return refused("404 Not Found", 404);
  const action = String(body.action ?? "");
  if (!["re-attempt", "return"].includes(action) || typeof body.comments !== "string") {
    return invalid({ action: ["The action must be re-attempt or return, with comments."] });
  }
  if (parcel.returnRequested) return refused("A return to origin is already requested for this shipment.");
  if (parcel.history.at(-1)?.status.label !== "UNDELIVERED")
    return refused("Action cannot be taken: the shipment is not in NDR.");
  const details = ndrDetailsOf(body);
  if (typeof details === "string") return invalid({ details: [details] });
  parcel.ndrActions.push({ action, comments: body.comments, at: now, ...details });
  if (action === "return") {
    parcel.returnRequested = true;
    parcel.queue = [...RETURN_LEG];
  }
  return { status: 202, body: { status: "Data Updated Sucessfully" } };
}

/** A re-attempt's day, address and phone, when given: a real day, an address of 3 characters or more, 10 digits. */
function ndrDetailsOf(body: Record<string, unknown>) {
  const details: { deferredDate?: string; address1?: string; address2?: string; phone?: string } = {};
  if (body.deferred_date !== undefined) {
    const day = String(body.deferred_date);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      return "The deferred date must be YYYY-MM-DD.";
    }
    details.deferredDate = day;
  }
  if (body.address1 !== undefined) {
    if (String(body.address1).trim().length < 3) return "The address1 must be at least 3 characters.";
    details.address1 = String(body.address1);
    details.address2 = String(body.address2 ?? "");
  }
  if (body.phone !== undefined) {
    if (!/^[6-9]\d{9}$/.test(String(body.phone))) return "The phone must be a 10-digit mobile number.";
    details.phone = String(body.phone);
  }
  return details;
}

/** POST /orders/cancel: every id known and not yet picked up, or nothing is cancelled. */
export function cancelOrders(state: CourierState, body: Record<string, unknown>): Answer {
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0) {
    return {
      status: 422,
      body: { message: "Required field missing", errors: { ids: ["The ids field is required."] } },
    };
  }
  const parcels = ids.map((id) => [...state.parcels.values()].find((parcel) => parcel.srOrderId === Number(id)));
  if (parcels.some((parcel) => !parcel)) return refused("Order Id does not exists");
  if (parcels.some((parcel) => (parcel?.history.length ?? 0) > 0))
    return refused("The order cannot be cancelled after pickup.");
  for (const parcel of parcels) {
    if (!parcel) continue;
    parcel.cancelled = true;
    parcel.queue = [];
  }
  return { status: 204, body: null };
}
