import { INDIA_OFFSET_MS } from "#core/dates.ts";
import { CarrierError, type ShipmentRequest } from "./carrier.ts";

/*
 * The body of Shiprocket's `POST /orders/create/adhoc`, made from a neutral booking within
 * Shiprocket's limits (record 39): our order number as `order_id` (at most 50 characters: a longer
 * one is refused here, never cut, since a cut id could be another order's), the buyer's name and
 * city at most 30 characters each, cut at a word, and the street address packed into
 * `billing_address` (30) with the rest in `billing_address_2`, so that no word of where the parcel
 * goes is lost. Money goes in rupees, the parcel in centimetres and kilograms.
 */

export const ORDER_ID_MAX = 50;
export const BILLING_FIELD_MAX = 30;

/** Words of `text` from the start that fit in `max` characters, and the rest. */
export function fitWords(text: string, max: number): [string, string] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  let head = "";
  let used = 0;
  for (const word of words) {
    const next = head ? `${head} ${word}` : word;
    if (next.length > max) break;
    head = next;
    used++;
  }
  // A single word longer than the field (rare: a long house name) is split, its tail kept for after.
  const [first = ""] = words;
  if (used === 0 && first) return [first.slice(0, max), [first.slice(max), ...words.slice(1)].join(" ")];
  return [head.replace(/[\s,]+$/, ""), words.slice(used).join(" ")];
}

/** A name in Shiprocket's two fields of 30: as many words as fit in the first, the next in the last. */
export function splitName(name: string): { first: string; last: string } {
  const [first, rest] = fitWords(name, BILLING_FIELD_MAX);
  return { first, last: fitWords(rest, BILLING_FIELD_MAX)[0] };
}

/** A street address over Shiprocket's two lines: the first within 30 characters, the rest after it. */
export function splitAddress(address: string): { line1: string; line2: string } {
  const [line1, rest] = fitWords(address, BILLING_FIELD_MAX);
  return { line1, line2: rest.replace(/^[\s,]+/, "") };
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** "YYYY-MM-DD HH:mm" in India time, as Shiprocket's order_date reads. */
function indiaOrderDate(epochMillis: number): string {
  return new Date(epochMillis + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

function refuse(message: string): never {
  throw new CarrierError({
    carrier: "Shiprocket",
    call: "create-shipment",
    status: null,
    retryable: false,
    carrierMessage: message,
  });
}

/** What Shiprocket would refuse, found before asking it (so the admin sees our words, not a 422). */
function checkRequest(request: ShipmentRequest, phone: string) {
  if (!request.reference || request.reference.length > ORDER_ID_MAX) {
    refuse(`The order number must have 1 to ${ORDER_ID_MAX} characters (got "${request.reference}").`);
  }
  if (!/^[6-9]\d{9}$/.test(phone))
    refuse(`The phone number must be a 10-digit Indian mobile (got "${request.to.phone}").`);
  if (!/^[1-9]\d{5}$/.test(request.to.pincode)) refuse(`The pincode must have 6 digits (got "${request.to.pincode}").`);
  if (request.to.address.trim().length < 3) refuse("The address must have at least 3 characters.");
  if (request.items.length === 0) refuse("The parcel has no items.");
  const { lengthCm, breadthCm, heightCm, weightGrams } = request.parcel;
  if (Math.min(lengthCm, breadthCm, heightCm) <= 0.5) refuse("Each side of the parcel must be more than 0.5 cm.");
  if (!(weightGrams > 0)) refuse("The parcel must weigh more than 0 kg.");
}

/** The adhoc order's body for a booking, or a CarrierError saying what Shiprocket would refuse. */
export function shiprocketOrderBody(request: ShipmentRequest, pickupLocation: string) {
  const phone = request.to.phone.replace(/\D/g, "").slice(-10);
  checkRequest(request, phone);
  const name = splitName(request.to.name);
  const address = splitAddress(request.to.address);
  const cod = request.payment.method === "cod";
  return {
    order_id: request.reference,
    order_date: indiaOrderDate(request.orderedAt),
    pickup_location: pickupLocation,
    billing_customer_name: name.first,
    billing_last_name: name.last,
    billing_address: address.line1,
    billing_address_2: address.line2,
    billing_city: fitWords(request.to.city, BILLING_FIELD_MAX)[0],
    billing_pincode: request.to.pincode,
    billing_state: request.to.state,
    billing_country: "India",
    billing_email: request.to.email,
    billing_phone: phone,
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({
      name: item.name.slice(0, 200),
      sku: item.sku.slice(0, 50),
      units: item.quantity,
      selling_price: rupees(item.unitPrice),
      hsn: item.hsn ?? "",
    })),
    payment_method: cod ? "COD" : "Prepaid",
    // "Calculated sub total after deductions": on a COD parcel what the courier collects, on a
    // prepaid one the value declared. Shiprocket does not add it up itself.
    sub_total: rupees(request.payment.method === "cod" ? request.payment.collect : request.value),
    length: request.parcel.lengthCm,
    breadth: request.parcel.breadthCm,
    height: request.parcel.heightCm,
    weight: request.parcel.weightGrams / 1000,
    ...(request.ewayBillNumber ? { ewaybill_no: request.ewayBillNumber } : {}),
  };
}

export type ShiprocketOrderBody = ReturnType<typeof shiprocketOrderBody>;
