import { expect, it } from "vitest";
import { buyOne } from "../http/live-shop.ts";
import { describeJourneys } from "./browser.ts";
import { setOrderStatus, signInAsAdmin } from "./forms.ts";

/*
 * The live dashboard as the administrator sees it: an order placed elsewhere, and its shipping by a
 * colleague, reach the open page. (That PostgreSQL carries the events between nodes through
 * LISTEN/NOTIFY is proved over HTTP against two shop processes, tests/http/two-nodes.test.ts.)
 */
describeJourneys("the admin's live dashboard", (journey) => {
  it("shows an order placed elsewhere on the open dashboard: a toast, the top of the orders, new figures", async () => {
    const { shop } = journey();
    const admin = await journey().newPage();
    await signInAsAdmin(admin, shop);
    await admin.goto("/dashboard");
    await admin.getByTestId("sales-chart").waitFor();
    await admin.getByRole("heading", { name: "Low stock" }).waitFor();
    const figure = async (label: string) =>
      Number((await admin.getByTestId(`stat-${label}`).textContent())?.replace(/\D/g, ""));
    const ordersBefore = await figure("Total Orders");
    const bookedBefore = await figure("Booked");

    // A guest buys, through HTTP, as any other browser would.
    let token: string | null = null;
    for (let productId = 1; productId <= 70 && !token; productId++) {
      token = await buyOne(shop.baseUrl, productId, "live-feed@mail.in");
    }
    const confirmation = await (await fetch(`${shop.baseUrl}/orders/${token}`)).text();
    const orderNumber = confirmation.match(/KS-\d+/)?.[0] ?? "";
    expect(orderNumber).not.toBe("");

    await admin.getByText(`New order ${orderNumber}`, { exact: false }).waitFor();
    const row = admin.getByTestId("admin-order-row").filter({ hasText: orderNumber });
    await row.getByTestId("new-order").waitFor();
    // At the top: any row above it also arrived while the page was open (other journeys order too).
    const rows = await admin.getByTestId("admin-order-row").allTextContents();
    const position = rows.findIndex((text) => text.includes(orderNumber));
    expect(position).toBeGreaterThanOrEqual(0);
    expect(await admin.getByTestId("new-order").count()).toBeGreaterThan(position);
    await expect.poll(() => figure("Total Orders")).toBeGreaterThan(ordersBefore);
    await expect.poll(() => figure("Booked")).toBeGreaterThan(bookedBefore);

    const colleague = await journey().newPage();
    await signInAsAdmin(colleague, shop);
    await setOrderStatus(colleague, orderNumber, "Shipped");
    await admin.getByText(`Order ${orderNumber} is now Shipped`).waitFor();
  });
});
