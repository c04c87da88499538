import type { Permission } from "#core/permissions.ts";

/*
 * Every screen and file of the admin area with the permissions that open it (record 45): the route
 * table builds the admin layout's children from this list, and the layout's guard admits a request
 * only when the actor holds one of its route's permissions. A page whose actions need more asks its
 * services, which check each action again. A route added to the layout outside this list has no
 * permission and is refused to everyone (and fails the access test).
 */

export type AdminPage = {
  path: string;
  file: string;
  /** The route's id, when one module serves several addresses. */
  id?: string;
  /** Any one of these opens the page. */
  permissions: readonly Permission[];
};

export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: "dashboard",
    file: "routes/admin/dashboard.tsx",
    // Its tabs: the figures, the products, the accounts and the e-mails; each asks its own.
    permissions: ["dashboard.view", "products.view", "customers.manage", "mail.view"],
  },
  { path: "addproduct", file: "routes/admin/product-editor.tsx", id: "add-product", permissions: ["products.edit"] },
  {
    path: "updateproduct",
    file: "routes/admin/product-editor.tsx",
    id: "update-product",
    permissions: ["products.view"],
  },
  // A product's packed weight and size, posted from its edit page (record 43's parcels).
  { path: "admin/products/:productId/parcel", file: "routes/admin/product-parcel.ts", permissions: ["products.edit"] },
  // The product list with its bulk actions, the catalogue's file out and in, a product's stock and
  // its size stickers (record 46); each action asks products.edit of its service.
  { path: "admin/products", file: "routes/admin/product-list.tsx", permissions: ["products.view"] },
  { path: "admin/products.csv", file: "routes/admin/products-csv.ts", permissions: ["products.view"] },
  { path: "admin/products/import", file: "routes/admin/product-import.tsx", permissions: ["products.edit"] },
  { path: "admin/products/:productId/stock", file: "routes/admin/product-stock.tsx", permissions: ["products.view"] },
  {
    path: "admin/products/:productId/stickers.pdf",
    file: "routes/admin/size-sticker-sheet.ts",
    permissions: ["products.view"],
  },
  { path: "admin/orders", file: "routes/admin/order-index.tsx", permissions: ["orders.view", "orders.pack"] },
  { path: "admin/orders.csv", file: "routes/admin/orders-file.ts", permissions: ["orders.export"] },
  { path: "admin/orders/:orderId", file: "routes/admin/order-page.tsx", permissions: ["orders.view", "orders.pack"] },
  {
    path: "admin/updateorderstatus",
    file: "routes/admin/update-order-status.tsx",
    permissions: ["orders.view", "orders.pack"],
  },
  { path: "admin/jobs/:jobId", file: "routes/admin/order-job.tsx", permissions: ["orders.view", "orders.pack"] },
  { path: "admin/jobs/:jobId/paper.pdf", file: "routes/admin/job-paper.ts", permissions: ["orders.pack"] },
  { path: "admin/customers", file: "routes/admin/customer-index.tsx", permissions: ["customers.view"] },
  { path: "admin/customers.csv", file: "routes/admin/customers-file.ts", permissions: ["customers.export"] },
  { path: "admin/customers/:customerId", file: "routes/admin/customer-page.tsx", permissions: ["customers.view"] },
  { path: "admin/staff", file: "routes/admin/staff.tsx", permissions: ["staff.manage"] },
  { path: "admin/audit", file: "routes/admin/audit-log.tsx", permissions: ["audit.view"] },
  { path: "admin/gst", file: "routes/admin/gst-report.tsx", permissions: ["tax.view"] },
  { path: "admin/delivery", file: "routes/admin/delivery.tsx", permissions: ["settings.manage"] },
  { path: "admin/reviews", file: "routes/admin/review-moderation.tsx", permissions: ["reviews.moderate"] },
  { path: "admin/returns", file: "routes/admin/return-queue.tsx", permissions: ["returns.manage"] },
  {
    path: "admin/returns/:returnId/:document",
    file: "routes/return-document.ts",
    id: "admin-return-document",
    permissions: ["returns.manage"],
  },
  { path: "admin/size-charts", file: "routes/admin/size-chart-editor.tsx", permissions: ["size-charts.edit"] },
  { path: "admin/searches", file: "routes/admin/searches.tsx", permissions: ["searches.manage"] },
  { path: "admin/offers", file: "routes/admin/offer-list.tsx", permissions: ["offers.manage"] },
  { path: "admin/offers/:offerId", file: "routes/admin/offer-editor.tsx", permissions: ["offers.manage"] },
  { path: "admin/gst.csv", file: "routes/admin/gst-file.ts", id: "gst-csv", permissions: ["tax.view"] },
  { path: "admin/gst.json", file: "routes/admin/gst-file.ts", id: "gst-json", permissions: ["tax.view"] },
  // An order's label and packing slip, and paper for many orders (record 43): the packing bench's.
  {
    path: "admin/orders/:orderId/label",
    file: "routes/admin/parcel-paper.ts",
    id: "order-label",
    permissions: ["orders.pack"],
  },
  {
    path: "admin/orders/:orderId/packing-slip",
    file: "routes/admin/parcel-paper.ts",
    id: "order-packing-slip",
    permissions: ["orders.pack"],
  },
  { path: "admin/shipments/:paper", file: "routes/admin/shipment-paper.ts", permissions: ["orders.pack"] },
  // Booking and printing (the packing bench), failed deliveries and problems (who manages orders).
  { path: "admin/shipments", file: "routes/admin/shipments.tsx", permissions: ["orders.pack", "orders.manage"] },
  {
    path: "admin/orders/:orderId/:document",
    file: "routes/order-document.ts",
    id: "admin-document",
    permissions: ["orders.view"],
  },
  {
    // Part A of an order's e-way bill, for the portal's bulk upload.
    path: "admin/orders/:orderId/eway-bill.json",
    file: "routes/admin/eway-bill-json.ts",
    permissions: ["orders.manage"],
  },
];

const BY_PATTERN = new Map(ADMIN_PAGES.map((page) => [page.path, page.permissions]));

/**
 * The permissions that open the admin route matched by a pattern ("admin/orders/:orderId", with or
 * without its leading slash); none for a route not in the list, which then opens to no one.
 */
export function permissionsOfPattern(pattern: string): readonly Permission[] {
  return BY_PATTERN.get(pattern.replace(/^\/+/, "")) ?? [];
}
