import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { MUMBAI, typeBeforeLive } from "./forms.ts";
import { addToCart, productPath } from "./shopper.ts";

/**
 * A guest puts a piece in the cart and checks out choosing to pay online; the pay page opens. The
 * guest page is typed on before its scripts run, as on a slow phone: the pincode typed then still
 * fills in the city and the state once the page is live.
 */
async function checkOutOnline(page: Page, title: string, email: string): Promise<void> {
  await addToCart(page, await productPath(page, title), "M");
  await typeBeforeLive(page, "/guest", async () => {
    await page.getByLabel("Full Name").fill(MUMBAI.name);
    await page.getByLabel("Full Address").fill(MUMBAI.address);
    await page.getByLabel("Pincode").fill(MUMBAI.pincode);
    await page.getByLabel("Mobile Number").fill(MUMBAI.phone);
    await page.getByLabel("Email").fill(email);
  });
  await page.locator('select[name="stateCode"]:has(option[value="27"]:checked)').waitFor();
  await expect.poll(() => page.getByLabel("City").inputValue()).toBe("Mumbai");
  await page.getByLabel("Pay online (UPI, cards, netbanking)").check();
  await page.getByRole("button", { name: "Order Now" }).click();
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+\/pay$/);
  await page.getByText("waiting for the payment", { exact: false }).waitFor();
}

/** The gateway's test checkout, in its frame over the shop's page. */
function gatewayFrame(page: Page) {
  return page.frameLocator('iframe[title="Razorpay test checkout"]');
}

describeJourneys("paying online", (journey) => {
  it("pays by UPI through the gateway's checkout: the order is Paid", async () => {
    const page = await journey().newPage();
    await checkOutOnline(page, "Zainab Embroidered Lawn 3-Piece Suit", "pays.online@mail.in");
    const amount = await page.getByTestId("pay-amount").textContent();
    await page.getByRole("button", { name: `Pay ${amount} online` }).click();
    await gatewayFrame(page).getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+$/);
    await page.getByText("Payment received. Thank you!").waitFor();
    await expect.poll(() => page.getByTestId("payment-status").textContent()).toBe("Online · Paid");
    await page.getByRole("link", { name: /Tax invoice KS\// }).waitFor();
  });

  it("fails, then the buyer tries again in the same checkout and pays", async () => {
    const page = await journey().newPage();
    await checkOutOnline(page, "Zainab Embroidered Lawn 3-Piece Suit", "fails.then.pays@mail.in");
    const amount = await page.getByTestId("pay-amount").textContent();
    await page.getByRole("button", { name: `Pay ${amount} online` }).click();
    const frame = gatewayFrame(page);
    await frame.getByRole("button", { name: "Fail" }).click();
    await frame.getByText("Payment failed. You can try again.").waitFor();
    await page.getByText("That payment did not go through. You can try again.").waitFor();
    await frame.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+$/);
    await expect.poll(() => page.getByTestId("payment-status").textContent()).toBe("Online · Paid");
  });
});
