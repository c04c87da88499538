import { expect, it } from "vitest";
import { buyOne } from "../http/live-shop.ts";
import { checkPages, logIn, SWEEP_TIMEOUT_MS } from "./a11y.ts";
import { acceptReturnBackstage, adminBackstage, deliverOrder, orderIdOf, returnForUpiBackstage } from "./backstage.ts";
import { describeJourneys } from "./browser.ts";
import { live } from "./shopper.ts";

describeJourneys("accessibility of the administrator's pages", (journey) => {
  it(
    "finds nothing serious on the administrator's pages",
    async () => {
      const { shop } = journey();
      // An order of its own to open, whatever the other journeys have done so far.
      let token: string | null = null;
      for (let productId = 1; productId <= 70 && !token; productId++) {
        token = await buyOne(shop.baseUrl, productId, "axe-admin@mail.in");
      }
      expect(token).not.toBeNull();
      const page = await journey().newPage();
      await logIn(page, shop.adminEmail, shop.adminPassword);
      await live(page, "/admin/orders");
      const orderPath =
        (await page.getByTestId("admin-order-row").first().getByRole("link").first().getAttribute("href")) ?? "";
      // Delivered, so that the Delivery screen has a row in its table of promises kept.
      await live(page, `/orders/${token}`);
      const orderNumber = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/KS-\d+/)?.[0] ?? "";
      await deliverOrder(shop, orderNumber);
      // Its piece sent back for a refund by UPI and accepted: the order's money shows the transfer
      // still to make (marked), and the Returns queue a settled request.
      await returnForUpiBackstage(shop, token ?? "");
      await acceptReturnBackstage(shop, await adminBackstage(shop), orderNumber, "refunded");
      await checkPages(page, [
        `/admin/orders/${orderIdOf(orderNumber)}`,
        "/dashboard",
        "/dashboard?tab=products",
        "/admin/orders",
        "/admin/orders?tab=to-pack",
        `/admin/customers/g-${orderIdOf(orderNumber)}`,
        "/admin/customers",
        "/admin/staff",
        "/admin/audit",
        "/dashboard?tab=users",
        "/addproduct",
        "/updateproduct?id=1",
        "/admin/delivery",
        "/admin/reviews",
        "/admin/size-charts",
        "/admin/returns",
        "/admin/offers",
        `/orders/${token}/return`,
        orderPath,
      ]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
