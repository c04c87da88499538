import type { Locator, Page, Route } from "playwright-core";
import { untilLive } from "./shopper.ts";

export type Delivery = {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
};

export const MUMBAI: Delivery = {
  name: "Asha Verma",
  address: "Flat 7, Palm Court, Linking Road, Bandra West, Mumbai",
  city: "Mumbai",
  state: "Maharashtra",
  pincode: "400050",
  phone: "+91 98200 12345",
};

/**
 * Types a delivery address into a checkout form (the cart's dialog or the guest page). The pincode
 * goes first: once the form has filled in the state from it, the city and state given are typed over.
 */
export async function fillDelivery(form: Page | Locator, delivery: Partial<Delivery> = {}): Promise<void> {
  const { name, address, city, state, pincode, phone } = { ...MUMBAI, ...delivery };
  // The form's page hydrates, and it often arrives as a document from an HTML-first page (a
  // product's Order Now): what is typed or pressed while it hydrates can be lost, so it waits.
  await form.getByLabel("Full Name").waitFor();
  await untilLive(pageOf(form));
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Full Address").fill(address);
  await fillPincode(form, pincode);
  await form.getByLabel("City").fill(city);
  await form.getByLabel("State/UT").selectOption({ label: state });
  await form.getByLabel("Mobile Number").fill(phone);
}

function pageOf(form: Page | Locator): Page {
  return "page" in form ? form.page() : form;
}

/** Types a pincode and waits until the form has filled in what the shop's directory says of it. */
export async function fillPincode(form: Page | Locator, pincode: string): Promise<void> {
  const answered = pageOf(form).waitForResponse((response) => response.url().endsWith(`/pincode/${pincode}`));
  await form.getByLabel("Pincode").fill(pincode);
  const response = await answered;
  if (!response.ok()) return;
  const { stateCode } = (await response.json()) as { stateCode: string };
  await form.locator(`select[name="stateCode"]:has(option[value="${stateCode}"]:checked)`).waitFor();
}

/**
 * Opens a page and types on it before its scripts run, as a shopper on a slow phone does: the
 * page's script requests are held until `typing` is done, then let go; returns once the page is live.
 */
export async function typeBeforeLive(page: Page, path: string, typing: () => Promise<void>): Promise<void> {
  const scripts = /\/assets\/.+\.js(\?.*)?$/;
  const held: Route[] = [];
  let letGo = false;
  const hold = (route: Route) => (letGo ? route.continue() : held.push(route));
  await page.route(scripts, hold);
  // The page's own load waits for its held scripts: the typing waits for the fields it uses instead.
  await page.goto(path, { waitUntil: "commit" });
  await typing();
  // Scripts asked for from here on pass at once; those held so far are let go.
  letGo = true;
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute(scripts);
  await untilLive(page);
}

/** The administrator moves an order to a status on its page, found from the order index. */
export async function setOrderStatus(admin: Page, orderNumber: string, status: string): Promise<void> {
  // Each page is live before it is used: a press while it hydrates can be lost.
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await untilLive(admin);
  await admin
    .getByTestId("admin-order-row")
    .filter({ hasText: orderNumber })
    .getByRole("link", { name: orderNumber })
    .click();
  await admin.waitForURL(/\/admin\/orders\/\d+$/);
  await untilLive(admin);
  await admin.getByLabel("Status", { exact: true }).selectOption({ label: status });
  // Shipping tells the buyer who carries the parcel; cancelling tells them why.
  if (status === "Shipped") {
    await admin.getByLabel("Courier").fill("Blue Dart");
    await admin.getByLabel("Tracking number").fill("BD 4417 2290");
  }
  if (status === "Cancelled") {
    await admin.getByLabel("Reason for cancelling").selectOption({ label: "An item is no longer in stock" });
  }
  await admin.getByRole("button", { name: "Update Order Status" }).click();
  await admin.getByText("Order status updated").waitFor();
}

/** Signs the shop's administrator in on this page, as they would from the login form. */
export async function signInAsAdmin(page: Page, shop: { adminEmail: string; adminPassword: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(shop.adminEmail);
  await page.getByLabel("Password").fill(shop.adminPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Login successful").waitFor();
}
