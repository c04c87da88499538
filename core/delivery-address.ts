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
