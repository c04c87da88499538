import type { Page } from "playwright-core";
import type { DeliveryAddress } from "#core/delivery-address.ts";
import { liveBrowser } from "../http/live-shop.ts";
import type { E2eShop } from "./shop-servers.ts";
import { shopperAddress } from "./shopper-addresses.ts";

/*
 * What a journey needs done off-screen before it looks at something: done over HTTP, as a browser
 * posts the same forms, so that the browser's time goes to what the journey is about. A journey
 * about the admin's own screens still clicks through them (admin.test.ts, admin-live.test.ts).
 */

/** The order's id, from its number (KS-100042 is order 42). */
export const orderIdOf = (orderNumber: string) => Number(orderNumber.replace(/^KS-/, "")) - 100000;

/** The administrator ships an order and marks it delivered, from the order page's status form. */
export async function deliverOrder(shop: E2eShop, orderNumber: string): Promise<void> {
  const admin = await adminBackstage(shop);
  const form = `/admin/orders/${orderIdOf(orderNumber)}`;
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const steps: Record<string, string>[] = [
    {
      from: "placed",
      to: "shipped",
      courier: "Blue Dart",
      trackingNumber: "BD 4417 2290",
      expectedDelivery: inThreeDays,
    },
    { from: "shipped", to: "delivered" },
  ];
  for (const step of steps) {
    const answer = await admin.post(shop.baseUrl, form, step);
    if (answer.status >= 400) throw new Error(`${orderNumber} → ${step.to} was refused: ${answer.body.slice(0, 300)}`);
  }
}

/** A shopper's or the administrator's session over HTTP, and how to hand it to a browser page. */
export type Session = ReturnType<typeof liveBrowser>;

/** A new customer, signed up over HTTP as the signup form posts it. */
export async function signUpBackstage(shop: E2eShop, name: string): Promise<Session> {
  const customer = liveBrowser({ address: shopperAddress() });
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@mail.in`;
  const signed = await customer.post(shop.baseUrl, "/signup", { name, email, password: "Secret-pass-1" });
  if (signed.status !== 302)
    throw new Error(`${name} could not sign up (${signed.status}): ${signed.body.slice(0, 300)}`);
  return customer;
}

/** The administrator, signed in over HTTP. */
export async function adminBackstage(shop: E2eShop): Promise<Session> {
  const admin = liveBrowser({ address: shopperAddress() });
  const login = await admin.post(shop.baseUrl, "/login", { email: shop.adminEmail, password: shop.adminPassword });
  if (login.status !== 302) throw new Error(`The administrator could not sign in (${login.status}).`);
  return admin;
}

/**
 * A signed-in customer buys pieces (product and size) as the cart and its checkout post them, paid
 * in cash at the door; answers the new order's number.
 */
export async function buyBackstage(
  shop: E2eShop,
  customer: Session,
  pieces: readonly { productId: number; size: string }[],
  address: DeliveryAddress,
): Promise<string> {
  for (const { productId, size } of pieces) {
    const added = await customer.post(shop.baseUrl, "/cart", { intent: "add", productId: String(productId), size });
    if (added.status >= 400)
      throw new Error(`Product ${productId} in size ${size} could not be added (${added.status}).`);
  }
  const placed = await customer.post(shop.baseUrl, "/cart", {
    intent: "checkout",
    ...address,
    idempotencyKey: crypto.randomUUID(),
    paymentMethod: "cod",
  });
  if (placed.status !== 302) throw new Error(`The order was refused (${placed.status}): ${placed.body.slice(0, 300)}`);
  const orders = await customer.get(shop.baseUrl, "/order");
  const number = orders.body.match(/href="\/order\/(KS-\d+)"/)?.[1];
  if (!number) throw new Error("The new order is not on My Orders.");
  return number;
}

/** A size's stock, as the product's form in the admin shows it. */
export async function stockBackstage(shop: E2eShop, admin: Session, productId: number, size: string): Promise<number> {
  const form = await admin.get(shop.baseUrl, `/updateproduct?id=${productId}`);
  const input = form.body.match(new RegExp(`<input[^>]*name="stock_${size}"[^>]*>`))?.[0] ?? "";
  const value = input.match(/value="(\d+)"/)?.[1];
  if (value === undefined) throw new Error(`No stock of size ${size} on product ${productId}'s form.`);
  return Number(value);
}

/** The month's GSTR-1 as the administrator downloads it for the offline tool. */
export async function gstr1Backstage(shop: E2eShop, admin: Session, month: string) {
  const file = await admin.get(shop.baseUrl, `/admin/gst.json?month=${month}`);
  if (file.status !== 200) throw new Error(`The GST report was refused (${file.status}).`);
  return JSON.parse(file.body) as {
    b2cs: { pos: string; rt: number; txval: number; iamt: number; camt: number; samt: number }[];
    doc_issue: { doc_det: { doc_num: number; docs: { from: string; to: string; totnum: number }[] }[] };
  };
}

/** A browser page signed in as the session is (its cookies handed over), instead of typing a login. */
export async function pageAs(page: Page, shop: E2eShop, session: Session): Promise<Page> {
  const cookies = session.cookie
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: shop.baseUrl };
    });
  await page.context().addCookies(cookies);
  return page;
}

/** A guest asks to return the first piece of a delivered cash order, the money to a UPI ID (a guest's way). */
export async function returnForUpiBackstage(shop: E2eShop, token: string): Promise<void> {
  const guest = liveBrowser({ address: shopperAddress() });
  const asked = await guest.post(shop.baseUrl, `/orders/${token}/return`, {
    position: "0",
    quantity: "1",
    kind: "refund",
    reason: "too-small",
    refundMethod: "upi",
    upiId: "axe.tester@okbank",
  });
  if (asked.status !== 302) throw new Error(`The return was refused (${asked.status}): ${asked.body.slice(0, 300)}`);
}

/** The administrator takes an order's return through the queue's steps to its acceptance, as its buttons post them. */
export async function acceptReturnBackstage(
  shop: E2eShop,
  admin: Session,
  orderNumber: string,
  accept: "refunded" | "exchange-accepted",
): Promise<void> {
  const queue = await admin.get(shop.baseUrl, "/admin/returns?status=requested");
  const entry = queue.body.split('data-testid="queued-return"').find((part) => part.includes(orderNumber));
  const returnId = entry?.match(/name="returnId" value="(\d+)"/)?.[1];
  if (!returnId) throw new Error(`No requested return of ${orderNumber} in the admin's queue.`);
  const steps = [
    ["requested", "pickup-scheduled"],
    ["pickup-scheduled", "picked-up"],
    ["picked-up", "received"],
    ["received", accept],
  ] as const;
  for (const [from, to] of steps) {
    const moved = await admin.post(shop.baseUrl, "/admin/returns", { returnId, from, to });
    if (moved.status !== 302) throw new Error(`Return ${returnId} → ${to} was refused (${moved.status}).`);
  }
}

/**
 * An automatic offer on one product, made as the admin's Offers form posts it, so that a page
 * shows a price struck through; answers the way to disable it again (other journeys share the shop).
 */
export async function shelfOfferBackstage(
  shop: E2eShop,
  productId: number,
  name: string,
): Promise<() => Promise<void>> {
  const admin = await adminBackstage(shop);
  const fields = { intent: "save", kind: "automatic", name, actionType: "percent", percent: "10" };
  const made = await admin.post(shop.baseUrl, "/admin/offers", { ...fields, productIds: String(productId) });
  if (made.status !== 302)
    throw new Error(`The offer ${name} was refused (${made.status}): ${made.body.slice(0, 300)}`);
  const list = await admin.get(shop.baseUrl, "/admin/offers");
  const editLink = list.body.match(new RegExp(`<a[^>]*aria-label="Edit ${name}"[^>]*>`))?.[0] ?? "";
  const id = editLink.match(/href="\/admin\/offers\/(\d+)"/)?.[1];
  if (!id) throw new Error(`The offer ${name} is not on the Offers list.`);
  return async () => {
    const disabled = await admin.post(shop.baseUrl, "/admin/offers", { intent: "disable", id });
    if (disabled.status !== 302) throw new Error(`The offer ${name} could not be disabled (${disabled.status}).`);
  };
}
