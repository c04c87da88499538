import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { COLLECTIONS } from "#core/collections.ts";

/*
 * All Products, /filter and the ten collections are one listing screen; the loader tells them apart
 * by the path.
 */
export const ADMIN_LAYOUT = "routes/admin/admin-layout.tsx";

const listings = [
  route("allproducts", "routes/listing.tsx", { id: "listing-allproducts" }),
  route("filter", "routes/listing.tsx", { id: "listing-filter" }),
  ...COLLECTIONS.map((collection) =>
    route(collection.slug, "routes/listing.tsx", { id: `listing-${collection.slug}` }),
  ),
];

export default [
  index("routes/home.tsx"),
  ...listings,
  route("productinfo/:id", "routes/product.tsx"),
  route("productinfo/:id/reviews", "routes/product-reviews.ts"),
  route("review/:productId", "routes/write-review.tsx"),
  route("how-reviews-work", "routes/how-reviews-work.tsx"),
  route("reviews/unsubscribe/:token", "routes/review-unsubscribe.tsx"),
  route("measurements", "routes/measurements.ts"),
  // The header search box's suggestions, as JSON.
  route("search/suggest", "routes/search-suggest.ts"),
  route("theme", "routes/theme-choice.ts"),
  route("pincode/:pincode", "routes/pincode.ts"),
  route("delivery", "routes/delivery-promise.tsx"),
  route("data-sources", "routes/data-sources.tsx"),
  route("frame", "routes/personal-frame.ts"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.ts"),
  route("account", "routes/account.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profileform", "routes/profileform.tsx"),
  route("cart", "routes/cart.tsx"),
  route("guest", "routes/guest.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("order", "routes/order.tsx"),
  route("order/:number", "routes/order-detail.tsx"),
  // Tax invoices and credit notes, as PDFs, for the customer, the guest and the administrator.
  route("order/:number/:document", "routes/order-document.ts", { id: "customer-document" }),
  // Returns and size exchanges of a delivered order; each accepted return's credit note, and an
  // accepted exchange's replacement invoice.
  route("order/:number/return", "routes/order-return.tsx", { id: "customer-return" }),
  route("orders/:token/return", "routes/order-return.tsx", { id: "guest-return" }),
  route("order/:number/returns/:returnId/:document", "routes/return-document.ts", { id: "customer-return-document" }),
  route("orders/:token/returns/:returnId/:document", "routes/return-document.ts", { id: "guest-return-document" }),
  route("orders/:token/:document", "routes/order-document.ts", { id: "guest-document" }),
  route("orders/find", "routes/find-order.tsx"),
  // An online order's payment, and trying again after a failure.
  route("orders/:token/pay", "routes/pay.tsx"),
  route("orders/:token", "routes/order-confirmation.tsx"),
  // A parcel's tracking page, by its own unguessable token (record 43).
  route("track/:token", "routes/track.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:code", "routes/reset-password.tsx"),
  route("verify-email/:code", "routes/verify-email.tsx"),
  route("profile/delete", "routes/delete-account.tsx"),
  // Every admin screen sits inside this layout, whose middleware lets only administrators through.
  layout(ADMIN_LAYOUT, [
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("addproduct", "routes/admin/product-editor.tsx", { id: "add-product" }),
    route("updateproduct", "routes/admin/product-editor.tsx", { id: "update-product" }),
    route("admin/products/:productId/parcel", "routes/admin/product-parcel.ts"),
    route("admin/updateorderstatus", "routes/admin/update-order-status.tsx"),
    route("admin/gst", "routes/admin/gst-report.tsx"),
    route("admin/delivery", "routes/admin/delivery.tsx"),
    route("admin/reviews", "routes/admin/review-moderation.tsx"),
    route("admin/returns", "routes/admin/return-queue.tsx"),
    route("admin/returns/:returnId/:document", "routes/return-document.ts", { id: "admin-return-document" }),
    route("admin/size-charts", "routes/admin/size-chart-editor.tsx"),
    route("admin/searches", "routes/admin/searches.tsx"),
    route("admin/offers", "routes/admin/offer-list.tsx"),
    route("admin/offers/:offerId", "routes/admin/offer-editor.tsx"),
    route("admin/products", "routes/admin/product-list.tsx"),
    route("admin/products.csv", "routes/admin/products-csv.ts"),
    route("admin/products/import", "routes/admin/product-import.tsx"),
    route("admin/products/:productId/stock", "routes/admin/product-stock.tsx"),
    route("admin/products/:productId/stickers.pdf", "routes/admin/size-sticker-sheet.ts"),
    route("admin/gst.csv", "routes/admin/gst-file.ts", { id: "gst-csv" }),
    route("admin/gst.json", "routes/admin/gst-file.ts", { id: "gst-json" }),
    // An order's label and packing slip, and paper for many orders (record 43).
    route("admin/orders/:orderId/label", "routes/admin/parcel-paper.ts", { id: "order-label" }),
    route("admin/orders/:orderId/packing-slip", "routes/admin/parcel-paper.ts", { id: "order-packing-slip" }),
    route("admin/shipments/:paper", "routes/admin/shipment-paper.ts"),
    route("admin/shipments", "routes/admin/shipments.tsx"),
    route("admin/orders/:orderId/:document", "routes/order-document.ts", { id: "admin-document" }),
    // Part A of an order's e-way bill, for the portal's bulk upload.
    route("admin/orders/:orderId/eway-bill.json", "routes/admin/eway-bill-json.ts"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
