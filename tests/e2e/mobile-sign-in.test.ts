import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { fillDelivery } from "./forms.ts";
import { addToCart, placedOrder, productPath, untilLive } from "./shopper.ts";
import { codeSentTo } from "./sms-box.ts";

/*
 * The whole way of a shopper who knows the shop only by their mobile number: an order as a guest,
 * then "Sign in with mobile number" with the code the shop texted (read from its SMS folder, as a
 * phone would show it), a name for the new account, and the guest order on My Orders.
 */

/** A mobile number of this run alone (the journeys' shop outlives a run's files). */
function runMobile(): string {
  return `9${String(Date.now() % 1_000_000_000).padStart(9, "0")}`;
}

describeJourneys("sign in with a mobile number", (journey) => {
  it("lets a guest who ordered with a number sign in with a code by SMS and find the order on My Orders", async () => {
    const { shop } = journey();
    const page = await journey().newPage();
    const mobile = runMobile();
    await addToCart(page, await productPath(page, "Ayesha Pastel Lawn Co-ordinated Suit"), "M");
    await page.goto("/guest");
    await fillDelivery(page, { phone: mobile });
    await page.getByLabel("Email").fill(`by-mobile-${mobile}@mail.in`);
    await page.getByRole("button", { name: "Order Now" }).click();
    const orderNumber = await placedOrder(page);

    await page.goto("/login");
    await untilLive(page);
    await page.getByRole("link", { name: "Sign in with mobile number" }).click();
    await page.waitForURL("**/login/mobile");
    await page.getByLabel("Mobile number").fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Code from the SMS").waitFor();
    // The order's own SMS went to this number too; the code is in the sign-in's.
    await page.getByLabel("Code from the SMS").fill(await codeSentTo(shop.smsDir, `+91${mobile}`));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Your number is verified.").waitFor();
    await page.getByLabel("Name").fill("Asha Verma");
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByText("Signup Successfully").waitFor();

    await page.goto("/order");
    await expect.poll(() => page.getByText(orderNumber).count()).toBeGreaterThan(0);
    await page.goto("/profile");
    await expect.poll(() => page.getByTestId("profile-mobile").textContent()).toContain("verified");
  });
});
