import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { fillDelivery } from "./forms.ts";
import { linkPath, waitForMail } from "./mailbox.ts";
import { addToCart, productPath, untilLive } from "./shopper.ts";

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/signup?redirectTo=%2F");
  await page.getByLabel("Name").fill("Radhika Menon");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Signup" }).click();
  await page.getByText("Signup Successfully").waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

function fillAddress(page: Page) {
  return fillDelivery(page, {
    name: "Radhika Menon",
    address: "3 Carmichael Road, Cumballa Hill, Mumbai",
    pincode: "400026",
    phone: "9820033333",
  });
}

const unique = (journeyName: string) => `${journeyName}-${Date.now()}@mail.in`;

describeJourneys("mail", (journey) => {
  it("resets a forgotten password from the mailed link; the old password stops working", async () => {
    const { shop } = journey();
    const page = await journey().newPage();
    const email = unique("forgetful");
    await signUp(page, email, "Old-pass-1");
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    // The link may have been followed before the login page was live: a fresh page, not yet live.
    await untilLive(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.getByText(`If an account uses ${email}`).waitFor();

    const mail = await waitForMail(shop.outboxDir, email, /^Reset your Kesar password$/);
    await page.goto(linkPath(mail, "/reset-password/"));
    // The new password is sent from the live page, as the rest of the journeys send their forms.
    await untilLive(page);
    await page.getByLabel("New password").fill("New-pass-2");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL("**/login");
    await page.getByText("Your password has been changed.", { exact: false }).waitFor();

    await logIn(page, email, "Old-pass-1");
    await page.getByRole("alert").filter({ hasText: "Invalid e-mail or password." }).waitFor();
    await logIn(page, email, "New-pass-2");
    await page.getByText("Login successful").waitFor();

    // The link is used up.
    await page.goto(linkPath(mail, "/reset-password/"));
    await page.getByText("This link is not valid.").waitFor();
  });

  it("mails a guest's confirmation with the number and total, and its link opens the order", async () => {
    const { shop } = journey();
    const page = await journey().newPage();
    const email = unique("guest");
    await addToCart(page, await productPath(page, "Ayesha Pastel Lawn Co-ordinated Suit"), "M");
    await page.goto("/guest");
    await fillAddress(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/^Order KS-\d+$/);
    const orderNumber = ((await heading.textContent()) ?? "").replace("Order ", "");
    const total = await page.getByTestId("order-total").textContent();

    const mail = await waitForMail(shop.outboxDir, email, new RegExp(`^Your Kesar order ${orderNumber}$`));
    expect(mail.text).toContain(orderNumber);
    expect(mail.text).toContain(total ?? "no total on the page");
    const other = await journey().newPage();
    await other.goto(linkPath(mail, "/orders/"));
    await expect.poll(() => other.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${orderNumber}`);
  });

  it("deletes an account: logging in fails, and the same e-mail can sign up again", async () => {
    const page = await journey().newPage();
    const email = unique("leaving");
    await signUp(page, email, "Secret-pass-1");
    await page.goto("/profile");
    await page.getByRole("link", { name: "Delete my account" }).click();
    await page.waitForURL("**/profile/delete");
    await page.getByLabel("Your password").fill("Secret-pass-1");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("alert").filter({ hasText: "Please tick the box" }).waitFor();
    await page.getByLabel("Your password").fill("Secret-pass-1");
    await page.getByLabel(/I understand/).check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("Your account has been deleted.").waitFor();

    await logIn(page, email, "Secret-pass-1");
    await page.getByRole("alert").filter({ hasText: "Invalid e-mail or password." }).waitFor();
    await signUp(page, email, "Another-pass-2");
  });
});
