import sharp from "sharp";
import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { fillDelivery, setOrderStatus } from "./forms.ts";
import { live, placedOrder } from "./shopper.ts";

async function picture(colour: string) {
  return sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

describeJourneys("the admin area", (journey) => {
  it("adds a product, ships and delivers its order, edits its price and deletes it", async () => {
    const { shop } = journey();
    const title = `Noor Chikan Kurta ${Date.now()}`;
    const admin = await journey().newPage();
    await admin.goto("/login");
    await admin.getByLabel("Email").fill(shop.adminEmail);
    await admin.getByLabel("Password").fill(shop.adminPassword);
    await admin.getByRole("button", { name: "Login" }).click();
    await admin.getByText("Login successful").waitFor();
    // An administrator lands on the dashboard.
    await admin.waitForURL("**/dashboard");
    await expect.poll(() => admin.getByTestId("stat-Total Products").textContent()).toMatch(/^\d+$/);

    await admin.getByRole("link", { name: "Add Product" }).click();
    await admin.waitForURL("**/addproduct");
    await admin.getByRole("button", { name: "Add Product" }).click();
    // Only some fields are required: the banner names those at fault and claims no more.
    await admin.getByRole("alert").filter({ hasText: "fields need attention: Title, Price (₹)" }).waitFor();
    await expect.poll(() => admin.getByText("Title is required.").isVisible()).toBe(true);
    await expect.poll(() => admin.getByText("Main image URL is required.").isVisible()).toBe(true);

    await admin.getByLabel("Title", { exact: true }).fill(title);
    // A price where neither GST band is self-consistent is warned about, and the warning goes away.
    await admin.getByLabel("Price (₹)").fill("2799");
    await admin.getByText("neither GST rate fits the price exactly", { exact: false }).waitFor();
    await admin.getByLabel("Price (₹)").fill("1999");
    await expect.poll(() => admin.getByText("neither GST rate fits", { exact: false }).count()).toBe(0);
    await admin.getByLabel("Category").fill("Ethnic");
    await admin.getByLabel("Type").fill("Kurta");
    await admin.getByLabel("Fabric or material").fill("Cotton");
    await admin.getByLabel("Description", { exact: true }).fill("Ivory chikankari kurta, hand-embroidered in Lucknow.");
    await admin
      .getByLabel("Main image file")
      .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await picture("#e9dcc0") });
    await admin
      .getByLabel("Image 1 file")
      .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: await picture("#8a6d3b") });
    await admin.getByLabel("M", { exact: true }).fill("5");
    await admin.getByLabel("L", { exact: true }).fill("3");
    await admin.getByLabel("Ethnic", { exact: true }).check();
    await admin.getByRole("button", { name: "Add Product" }).click();
    await admin.getByText("Add product successfully").waitFor();
    await admin.waitForURL("**/dashboard");

    const shopper = await journey().newPage();
    await shopper.goto(`/ethnic?q=${encodeURIComponent("Noor Chikan")}`);
    await shopper.getByRole("link", { name: new RegExp(title) }).click();
    await expect.poll(() => shopper.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await expect.poll(() => shopper.getByRole("button", { name: /^Show picture \d of 2$/ }).count()).toBe(2);
    const productUrl = shopper.url();
    await shopper.goto("/signup?redirectTo=%2F");
    await shopper.getByLabel("Name").fill("Ishita Rao");
    await shopper.getByLabel("Email").fill(`ishita-${Date.now()}@mail.in`);
    await shopper.getByLabel("Password").fill("Secret-pass-1");
    await shopper.getByRole("button", { name: "Signup" }).click();
    await shopper.getByText("Signup Successfully").waitFor();
    await live(shopper, productUrl);
    await shopper.getByLabel("Size").selectOption("M");
    await shopper.getByRole("button", { name: "Order Now" }).click();
    const dialog = shopper.getByRole("dialog", { name: "Checkout" });
    await fillDelivery(dialog, {
      name: "Ishita Rao",
      address: "12 Carter Road, Bandra West, Mumbai",
      phone: "9820011111",
    });
    await dialog.getByRole("button", { name: "Order Now" }).click();
    const orderNumber = await placedOrder(shopper);
    expect(orderNumber).toMatch(/^KS-\d+$/);
    await live(shopper, "/order");

    for (const status of ["Shipped", "Delivered"]) {
      await setOrderStatus(admin, orderNumber, status);
    }

    // A delivered order can change no more: its page offers no status to move it to.
    await admin.goto(`/admin/orders?q=${orderNumber}`);
    await admin
      .getByTestId("admin-order-row")
      .filter({ hasText: orderNumber })
      .getByRole("link", { name: orderNumber })
      .click();
    await admin.getByText("its status cannot change any more").waitFor();
    await expect.poll(() => admin.getByRole("button", { name: "Update Order Status" }).count()).toBe(0);

    await shopper.reload();
    const badge = shopper.getByTestId("order-card").filter({ hasText: orderNumber }).locator("[data-status]");
    await expect.poll(() => badge.textContent()).toBe("Delivered");
    // The badge's colour as the screen shows it (CSS may give it in oklch), read back as RGB.
    const [red = 0, green = 0, blue = 0] = await badge.evaluate((element) => {
      const canvas = document.createElement("canvas");
      canvas.width = 1;
      canvas.height = 1;
      const paint = canvas.getContext("2d");
      if (!paint) return [];
      paint.fillStyle = getComputedStyle(element).backgroundColor;
      paint.fillRect(0, 0, 1, 1);
      return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    expect(green).toBeGreaterThan(red);
    expect(green).toBeGreaterThan(blue);

    await admin.goto(`/dashboard?tab=products&q=${encodeURIComponent("Noor Chikan")}`);
    const row = admin.getByTestId("admin-product-row").filter({ hasText: title });
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await admin.waitForURL(/\/updateproduct\?id=\d+/);
    await expect.poll(() => admin.getByLabel("Description", { exact: true }).inputValue()).toContain("chikankari");
    await admin.getByLabel("Price (₹)").fill("1799");
    // A price change says why: the audit log keeps the reason with it.
    await admin.getByLabel("Reason for the change").fill("Festive price");
    await admin.getByRole("button", { name: "Update Product" }).click();
    await admin.getByText("Product Updated successfully").waitFor();
    await shopper.goto(productUrl);
    await expect.poll(() => shopper.getByText("₹1,799", { exact: true }).isVisible()).toBe(true);

    await admin.goto(`/dashboard?tab=products&q=${encodeURIComponent("Noor Chikan")}`);
    await admin
      .getByTestId("admin-product-row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    // The shop's own confirmation dialog, not the browser's: Cancel keeps the product.
    const confirm = admin.getByRole("dialog", { name: `Delete “${title}”?` });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await admin
      .getByTestId("admin-product-row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await admin.getByText("Product Deleted successfully").waitFor();
    // The search may offer other pieces for the words (it forgives and widens), never the deleted one.
    await live(shopper, `/ethnic?q=${encodeURIComponent("Noor Chikan")}`);
    expect(await shopper.getByRole("link", { name: new RegExp(title) }).count()).toBe(0);
    await shopper.goto(`/order/${orderNumber}`);
    await expect.poll(() => shopper.getByText(title).first().isVisible()).toBe(true);
  });
});
