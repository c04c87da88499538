/*
 * What the audit log says of a change (record 45): its kind, and the kind of thing it was made to.
 * The log's page filters by them and names them in these words.
 */

export const AUDIT_SUBJECTS = {
  order: "Order",
  product: "Product",
  offer: "Offer",
  review: "Review",
  return: "Return",
  delivery: "Delivery settings",
  "size-chart": "Size chart",
  staff: "Staff",
  customer: "Customer",
  search: "Search words",
} as const;
export type AuditSubjectType = keyof typeof AUDIT_SUBJECTS;

export const AUDIT_KINDS = {
  "order.confirmed": "Order confirmed",
  "order.packed": "Order packed",
  "order.moved": "Order moved",
  "order.note": "Order note",
  "order.cash-collected": "Cash collected",
  "order.cash-remitted": "Cash remitted",
  "order.eway-bill": "E-way bill entered",
  "order.courier-booked": "Courier booked",
  "order.failed-delivery-answered": "Failed delivery answered",
  "order.checked-in": "Returned parcel checked in",
  "return.step": "Return step",
  "return.upi-refund": "UPI refund paid",
  "product.created": "Product added",
  "product.updated": "Product edited",
  "product.price": "Price changed",
  "product.stock": "Stock adjusted",
  "product.archived": "Product deleted",
  "product.imported": "Product imported",
  "product.parcel": "Packed size changed",
  "offer.saved": "Offer saved",
  "offer.enabled": "Offer enabled",
  "offer.disabled": "Offer disabled",
  "review.moderated": "Review moderated",
  "delivery.pincodes": "Pincode list uploaded",
  "delivery.holiday": "Holidays changed",
  "size-chart.saved": "Size chart saved",
  "staff.invited": "Staff invited",
  "staff.invitation-revoked": "Invitation withdrawn",
  "staff.joined": "Staff joined",
  "staff.role-changed": "Role changed",
  "staff.removed": "Staff removed",
  "customer.disabled": "Customer disabled",
  "customer.enabled": "Customer enabled",
  "customer.note": "Customer note",
  "search.synonym": "Synonym added",
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

export function isAuditKind(value: string): value is AuditKind {
  return Object.hasOwn(AUDIT_KINDS, value);
}

export function isAuditSubjectType(value: string): value is AuditSubjectType {
  return Object.hasOwn(AUDIT_SUBJECTS, value);
}

/** An entry of the log as its page shows it. */
export type AuditEntry = {
  id: number;
  at: number;
  actorId: string | null;
  actor: string;
  actorRole: string;
  kind: string;
  kindLabel: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
};
