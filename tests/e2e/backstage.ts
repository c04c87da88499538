import { liveBrowser } from "../http/live-shop.ts";
import type { E2eShop } from "./shop-servers.ts";

/*
 * What a journey needs done off-screen before it looks at something: done over HTTP, as a browser
 * posts the same forms, so that the browser's time goes to what the journey is about. A journey
 * about the admin's own screens still clicks through them (admin.test.ts, admin-live.test.ts).
 */

/** The order's id, from its number (KS-100042 is order 42). */
const orderIdOf = (orderNumber: string) => Number(orderNumber.replace(/^KS-/, "")) - 100000;

/** The administrator ships an order and marks it delivered, from the order's admin form. */
export async function deliverOrder(shop: E2eShop, orderNumber: string): Promise<void> {
  const admin = liveBrowser();
  const login = await admin.post(shop.baseUrl, "/login", { email: shop.adminEmail, password: shop.adminPassword });
  if (login.status !== 302) throw new Error(`The administrator could not sign in (${login.status}).`);
  const form = `/admin/updateorderstatus?id=${orderIdOf(orderNumber)}`;
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
