import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";

const HEADER =
  "Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Collections";

describeJourneys("importing products from a file", (journey) => {
  it("checks a file with a bad line, imports it once fixed, and the products are on sale with their sizes", async () => {
    const { shop } = journey();
    const stamp = Date.now();
    const handle = `imported-mulmul-kurta-${stamp}`;
    const title = `Imported Mulmul Kurta ${stamp}`;
    const rows = (price: string) =>
      [
        HEADER,
        `${handle},${title},<p>Soft mulmul.</p>,Kurta,Size,M,IMP-${stamp}-M,${price},4,${shop.baseUrl}/favicon.ico,Ethnic`,
        `${handle},,,,,L,IMP-${stamp}-L,${price},2,,`,
      ].join("\n");
    const admin = await journey().newPage();
    await admin.goto("/login");
    await admin.getByLabel("Email").fill(shop.adminEmail);
    await admin.getByLabel("Password").fill(shop.adminPassword);
    await admin.getByRole("button", { name: "Login" }).click();
    await admin.waitForURL("**/dashboard");

    await admin.goto("/admin/products/import");
    const choose = (price: string) =>
      admin.getByLabel("CSV file (at most 10 MB)").setInputFiles({
        name: "products.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(rows(price)),
      });
    await choose('"12,99.x"');
    await admin.getByRole("button", { name: "Check" }).click();
    const problems = admin.getByTestId("csv-problems");
    await problems.waitFor();
    await expect
      .poll(() => problems.textContent())
      .toContain("Line 2, Variant Price: '12,99.x' is not an amount: write rupees as 1299 or 1,299.00.");
    await expect.poll(() => admin.getByTestId("check-result").textContent()).toContain("Nothing has been written.");

    await choose("1299.00");
    await admin.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => admin.getByTestId("check-result").textContent()).toContain("Would create 1");
    await choose("1299.00");
    await admin.getByRole("button", { name: "Import" }).click();
    await expect.poll(() => admin.getByTestId("import-result").textContent()).toContain("Created 1, updated 0");

    await admin.goto(`/admin/products?q=IMP-${stamp}-L`);
    await admin.getByRole("link", { name: "Stock" }).first().click();
    await expect.poll(() => admin.getByTestId("size-stock").count()).toBe(2);

    const shopper = await journey().newPage();
    await shopper.goto(`/allproducts?q=${encodeURIComponent(title)}`);
    await shopper
      .getByRole("link", { name: new RegExp(title) })
      .first()
      .click();
    await expect.poll(() => shopper.getByText(title).first().isVisible()).toBe(true);
    await expect.poll(() => shopper.getByRole("main").textContent()).toMatch(/₹1,299/);
  });
});
