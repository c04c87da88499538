import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, it } from "vitest";
import { addFirstSize, logIn } from "./a11y.ts";
import { describeJourneys } from "./browser.ts";
import { fillDelivery, setOrderStatus } from "./forms.ts";
import { live } from "./shopper.ts";

async function downloadedText(page: Page, link: RegExp): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  const bytes = readFileSync(await download.path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { name: download.suggestedFilename(), text: text.replace(/\s+/g, " ") };
}

describeJourneys("returns", (journey) => {
  it("takes one line of a delivered two-line order back for store credit, through the admin's queue, to its credit note", async () => {
    const { shop } = journey();
    const page = await journey().newPage();
    await live(page, "/signup");
    await page.getByLabel("Name").fill("Meera Kulkarni");
    await page.getByLabel("Email").fill(`meera-${Date.now()}@mail.in`);
    await page.getByLabel("Password").fill("Secret-pass-1");
    await page.getByRole("button", { name: "Signup" }).click();
    await page.getByText("Signup Successfully").waitFor();
    await live(page, "/anarkali-dress");
    const links = page.locator("main article a");
    const [first, second] = [await links.nth(0).getAttribute("href"), await links.nth(2).getAttribute("href")];
    await addFirstSize(page, first ?? "/productinfo/1");
    await addFirstSize(page, second ?? "/productinfo/2");
    await live(page, "/cart?checkout");
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await fillDelivery(dialog, { name: "Meera Kulkarni" });
    await dialog.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL("**/order");
    const orderPath = (await page.getByTestId("order-card").first().getAttribute("href")) ?? "";
    const orderNumber = orderPath.split("/").pop() ?? "";
    expect(orderNumber).toMatch(/^KS-\d+$/);

    const admin = await journey().newPage();
    await logIn(admin, shop.adminEmail, shop.adminPassword);
    await setOrderStatus(admin, orderNumber, "Shipped");
    await setOrderStatus(admin, orderNumber, "Delivered");

    await live(page, orderPath);
    await page.getByRole("link", { name: "Return or exchange" }).click();
    await page.waitForURL(`**${orderPath}/return`);
    const form = page.locator("main form").first();
    await form.getByLabel("How many pieces").selectOption("1");
    await form.getByLabel("Why").selectOption({ label: "Too small" });
    await form.getByLabel(/Store credit/).check();
    await form.getByRole("button", { name: "Ask for this return" }).click();
    await page.waitForURL(`**${orderPath}`);
    await expect.poll(() => page.getByTestId("return-status").textContent()).toBe("Requested");

    await live(admin, "/admin/returns");
    // Each step waits for its own answer: a toast of the step before may still be on the screen.
    const steps = [
      ["Schedule pickup", "Pickup scheduled"],
      ["Mark picked up", "Picked up"],
      ["Mark received", "Received"],
      ["Accept: restock and refund", "Refunded"],
    ] as const;
    for (const [step, status] of steps) {
      await admin.getByRole("button", { name: new RegExp(`^${step}: .* of order ${orderNumber}$`) }).click();
      await admin.getByText(`The return is now: ${status}.`).last().waitFor();
    }
    await live(admin, "/admin/returns?status=refunded");
    await expect.poll(() => admin.getByTestId("queued-return").filter({ hasText: orderNumber }).count()).toBe(1);

    await live(page, orderPath);
    await expect.poll(() => page.getByTestId("return-status").textContent()).toBe("Refunded");
    const note = await downloadedText(page, /^Credit note RC\//);
    expect(note.name).toMatch(/^RC-\d\d-\d\d-\d{6}\.pdf$/);
    expect(note.text).toContain("CREDIT NOTE");
    expect(note.text).toMatch(/KS\/\d\d-\d\d\/\d{6}/);
  });
});
