import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { COLLECTIONS } from "#core/collections.ts";
import { ADMIN_PAGES } from "./admin-pages.ts";

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

/*
 * The storefront's pages, in English at these paths and in Hindi under /hi (decision record 47): the
 * same modules, each mounted twice; the page reads its language from the URL.
 */
const storefront: RouteConfigEntry[] = [
  index("routes/home.tsx"),
  ...listings,
  route("productinfo/:id", "routes/product.tsx"),
  route("review/:productId", "routes/write-review.tsx"),
  route("how-reviews-work", "routes/how-reviews-work.tsx"),
  route("reviews/unsubscribe/:token", "routes/review-unsubscribe.tsx"),
  route("delivery", "routes/delivery-promise.tsx"),
  route("data-sources", "routes/data-sources.tsx"),
  route("login", "routes/login.tsx"),
  // Sign in with a mobile number and a code by SMS; the profile's own number, proved the same way.
  route("login/mobile", "routes/login-mobile.tsx"),
  route("profile/mobile", "routes/profile-mobile.tsx"),
  // A large cash order's confirmation by its buyer.
  route("confirm/:token", "routes/cod-confirm.tsx"),
  route("signup", "routes/signup.tsx"),
  route("account", "routes/account.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profileform", "routes/profileform.tsx"),
  route("cart", "routes/cart.tsx"),
  route("guest", "routes/guest.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("order", "routes/order.tsx"),
  route("order/:number", "routes/order-detail.tsx"),
  // Returns and size exchanges of a delivered order.
  route("order/:number/return", "routes/order-return.tsx", { id: "customer-return" }),
  route("orders/:token/return", "routes/order-return.tsx", { id: "guest-return" }),
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
];

/** The storefront once more under /hi, each route with an id of its own. */
function inHindi(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => {
    const id = `hi-${entry.id ?? entry.file.replace(/\.tsx?$/, "")}`;
    const path = entry.index ? "hi" : `hi/${entry.path ?? ""}`;
    return route(path, entry.file, { id });
  });
}

export default [
  ...storefront,
  ...inHindi(storefront),
  // The short links SMS carry, on to the page they stand for (one address for every language).
  route("m/:code", "routes/message-link.ts"),
  route("productinfo/:id/reviews", "routes/product-reviews.tsx"),
  // The size guide's suggestion for what was typed, as HTML (record 48).
  route("productinfo/:id/size-suggestion", "routes/size-suggestion.tsx"),
  route("measurements", "routes/measurements.ts"),
  // The header search box's suggestions, as JSON.
  route("search/suggest", "routes/search-suggest.ts"),
  route("theme", "routes/theme-choice.ts"),
  route("pincode/:pincode", "routes/pincode.ts"),
  route("frame", "routes/personal-frame.ts"),
  // An HTML-first page's personal header and toast, as HTML (record 48).
  route("frame/parts", "routes/personal-parts.ts"),
  // The product page's delivery box's answer, as HTML (record 48).
  route("frame/delivery", "routes/delivery-box.tsx"),
  route("logout", "routes/logout.ts"),
  // Tax invoices and credit notes, as PDFs, for the customer, the guest and the administrator.
  route("order/:number/:document", "routes/order-document.ts", { id: "customer-document" }),
  route("order/:number/returns/:returnId/:document", "routes/return-document.ts", { id: "customer-return-document" }),
  route("orders/:token/returns/:returnId/:document", "routes/return-document.ts", { id: "guest-return-document" }),
  route("orders/:token/:document", "routes/order-document.ts", { id: "guest-document" }),
  // Every admin screen sits inside this layout, whose middleware lets in only the staff whose role
  // holds one of the screen's permissions (app/admin-pages.ts).
  layout(
    ADMIN_LAYOUT,
    ADMIN_PAGES.map((page) => route(page.path, page.file, page.id ? { id: page.id } : {})),
  ),
  // An invitation to the staff: the link of its mail sets the password (record 45).
  route("staff/join/:code", "routes/staff-invitation.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("hi/*", "routes/not-found.tsx", { id: "hi-routes/not-found" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
