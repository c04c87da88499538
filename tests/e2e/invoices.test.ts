import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { downloadedText } from "./documents.ts";
import { fillDelivery, fillPincode, setOrderStatus } from "./forms.ts";
import { live, placedOrder } from "./shopper.ts";

describeJourneys("tax invoices", (journey) => {
  it("lets a customer download the invoice of an order, and the credit note once the admin cancels it", async () => {
    const { shop } = journey();
    const page = await journey().newPage();
    await page.goto("/signup?redirectTo=%2F");
    await page.getByLabel("Name").fill("Tanvi Joshi");
    await page.getByLabel("Email").fill(`tanvi-${Date.now()}@mail.in`);
    await page.getByLabel("Password").fill("Secret-pass-1");
    await page.getByRole("button", { name: "Signup" }).click();
    await page.getByText("Signup Successfully").waitFor();

    await page.goto(`/allproducts?q=${encodeURIComponent("Ayesha Pastel Lawn")}`);
    await page
      .getByRole("link", { name: /Ayesha Pastel Lawn/ })
      .first()
      .click();
    await page.getByLabel("Size").selectOption("M");
    await page.getByRole("button", { name: "Order Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await fillDelivery(dialog, {
      name: "Tanvi Joshi",
      address: "8 Ballygunge Place",
      city: "Kolkata",
      state: "West Bengal",
      phone: "9830012345",
    });
    await dialog.getByRole("button", { name: "Order Now" }).click();
    await dialog.getByText("Pincode 400050 is in Maharashtra, not West Bengal.").first().waitFor();
    // Ordered once the form has read the new pincode from the directory, as a shopper sees it settle.
    await fillPincode(dialog, "700019");
    await dialog.getByRole("button", { name: "Order Now" }).click();
    await live(page, `/order/${await placedOrder(page)}`);
    const orderNumber = page.url().split("/").pop() ?? "";
    const invoice = await downloadedText(page, "Tax invoice");
    expect(invoice.name).toMatch(/^KS-\d\d-\d\d-\d{6}\.pdf$/);
    expect(invoice.text).toContain("TAX INVOICE");
    expect(invoice.text).toContain(orderNumber);
    expect(invoice.text).toContain("West Bengal (19)");
    expect(invoice.text).toContain("IGST");

    const admin = await journey().newPage();
    await admin.goto("/login");
    await admin.getByLabel("Email").fill(shop.adminEmail);
    await admin.getByLabel("Password").fill(shop.adminPassword);
    await admin.getByRole("button", { name: "Login" }).click();
    await admin.getByText("Login successful").waitFor();
    await setOrderStatus(admin, orderNumber, "Cancelled");

    await page.reload();
    await expect.poll(() => page.getByRole("link", { name: /^Credit note CN\// }).count()).toBe(1);
    const note = await downloadedText(page, "Credit note");
    expect(note.name).toMatch(/^CN-\d\d-\d\d-\d{6}\.pdf$/);
    expect(note.text).toContain("CREDIT NOTE");
    expect(note.text).toContain(invoice.name.replace(".pdf", "").replace(/^KS-(\d\d-\d\d)-/, "KS/$1/"));
  });
});
