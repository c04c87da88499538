/**
 * Where an order goes and whom the courier calls: the address a checkout asks for, kept with the
 * order as it was given, shown on the order's page and printed as the recipient of its invoice.
 */
export type DeliveryAddress = {
  name: string;
  address: string;
  city: string;
  /** The state's GST state code; it decides the tax ('' for an order placed before invoicing). */
  stateCode: string;
  pincode: string;
  /** The 10-digit mobile number. */
  phone: string;
};

/** What a pincode form field says when the value is not one. */
export const PINCODE_MESSAGE = "Please enter a 6-digit pincode (it never starts with 0).";

/** An Indian pincode: 6 digits, the first of which is never 0. */
export function isPincode(value: string): boolean {
  return /^[1-9]\d{5}$/.test(value);
}
