import { maskMobile, readIndianMobile } from "./phone.ts";

/*
 * Who on the shop's staff may do what (record 45). A role is a named set of permissions, and a
 * permission is a named string that every admin service checks on the server (`assertCan` in
 * server/access.ts) and the admin layout checks for every page (app/admin-pages.ts). The menu shows
 * only what a role may use, from the same table. After Shopify's staff permissions: named
 * permissions grouped into roles, the store owner holding all of them.
 */

export const STAFF_ROLES = ["owner", "manager", "catalogue", "support", "packer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  catalogue: "Catalogue",
  support: "Support",
  packer: "Packer",
};

/** What each role is for, as the staff page explains it. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Everything, including staff and settings.",
  manager: "Everything but staff and settings.",
  catalogue: "Products, stock, size charts and offers.",
  support: "Orders, customers, returns and reviews; no exports of personal data.",
  packer: "Packing and shipping: the To pack and To ship tabs, labels, slips and pick lists; mobile numbers masked.",
};

export const PERMISSIONS = [
  /** The dashboard's figures, sales chart and low stock: the shop's money. */
  "dashboard.view",
  /** The product list and editor. */
  "products.view",
  /** Adding, editing and deleting products, their prices and stock. */
  "products.edit",
  "size-charts.edit",
  "offers.manage",
  /** The searches shoppers made, and the synonyms. */
  "searches.manage",
  /** Every tab of the order index and the whole order page, with its money. */
  "orders.view",
  /** The To pack and To ship tabs, the order as packing needs it, parcel paper, marking packed and shipped. */
  "orders.pack",
  /** Confirming, cancelling and moving orders, cash, e-way bills, courier booking. */
  "orders.manage",
  /** The orders file: buyers' names, addresses and numbers. */
  "orders.export",
  "customers.view",
  /** Disabling and enabling customers' accounts. */
  "customers.manage",
  /** The customers file. */
  "customers.export",
  "returns.manage",
  "reviews.moderate",
  /** The GST report and its files (buyers' GSTINs and names). */
  "tax.view",
  /** The shop's settings: delivery (pincodes, holidays) and tax. */
  "settings.manage",
  /** The outbox of e-mails the shop sent. */
  "mail.view",
  "staff.manage",
  /** The audit log of one's own changes. */
  "audit.view",
  /** Everyone's changes in the audit log. */
  "audit.view-all",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CATALOGUE: readonly Permission[] = [
  "products.view",
  "products.edit",
  "size-charts.edit",
  "offers.manage",
  "searches.manage",
  "audit.view",
];
const SUPPORT: readonly Permission[] = [
  "orders.view",
  "orders.pack",
  "orders.manage",
  "customers.view",
  "customers.manage",
  "returns.manage",
  "reviews.moderate",
  "audit.view",
];
const PACKER: readonly Permission[] = ["orders.pack", "audit.view"];
const OWNER_ONLY: readonly Permission[] = ["staff.manage", "settings.manage", "audit.view-all"];

export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set(PERMISSIONS.filter((permission) => !OWNER_ONLY.includes(permission))),
  catalogue: new Set(CATALOGUE),
  support: new Set(SUPPORT),
  packer: new Set(PACKER),
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether a role holds a permission; a customer (or any other role) holds none. */
export function roleCan(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].has(permission);
}

/** Whether a role holds any of the permissions. */
export function roleCanAny(role: string, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => roleCan(role, permission));
}

/** Where a member of staff starts: the first page of the admin area their role may use. */
export function staffHome(role: StaffRole): string {
  if (roleCan(role, "dashboard.view")) return "/dashboard";
  if (roleCan(role, "orders.view")) return "/admin/orders";
  if (roleCan(role, "orders.pack")) return "/admin/orders?tab=to-pack";
  if (roleCan(role, "products.view")) return "/dashboard?tab=products";
  return "/admin/audit";
}

/**
 * A mobile number as a role that may not read it sees it (the Packer): its first two and last three
 * digits ("+91 98•••••210"), so a parcel can still be told from another.
 */
export function maskedPhone(phone: string): string {
  const reading = readIndianMobile(phone);
  return reading.ok ? maskMobile(reading.number) : "•".repeat(Math.min(phone.length, 10));
}

/** Whether a role sees buyers' mobile numbers whole. */
export function seesPhones(role: string): boolean {
  return roleCan(role, "orders.view") || roleCan(role, "customers.view");
}
