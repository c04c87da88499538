import { expect, it } from "vitest";
import { COLLECTIONS, collectionLinkName as linkName } from "#core/collections.ts";
import { describeJourneys } from "./browser.ts";
import { live, productPath, scrollsSideways, signUp } from "./shopper.ts";

/*
 * What a walk-through found in the layout, at the widths of a phone (375), a tablet (768, 1024) and
 * a laptop (1366): the header, the phone's menu, the filters, dark mode, sizes and materials.
 */

describeJourneys("the walk-through's findings: layout", (journey) => {
  it("keeps the signed-in header on one line from 768 to 1024 px, with a usable search box", async () => {
    const page = await journey().newPage({ width: 768, height: 900 });
    await signUp(page, "Tanvi Joshi");
    for (const width of [768, 900, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await live(page, "/allproducts");
      await expect
        .poll(async () => (await page.getByRole("banner").boundingBox())?.height, { message: `${width}` })
        .toBeLessThanOrEqual(65);
      await expect
        .poll(async () => (await page.locator("#header-search").boundingBox())?.width ?? 0)
        .toBeGreaterThan(150);
      await expect.poll(() => scrollsSideways(page), { message: `${width}` }).toBe(false);
    }
    await page.getByRole("button", { name: /account menu/ }).click();
    for (const label of ["Profile", "Update Profile", "Orders"]) {
      await expect.poll(() => page.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    }
  });

  it("reaches the ten collections from the phone's menu, shows that the category bar scrolls, and folds the filters", async () => {
    const page = await journey().newPage({ width: 375, height: 740 });
    await live(page, "/");
    await expect.poll(() => page.getByRole("navigation", { name: "Categories" }).locator("svg").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    for (const collection of COLLECTIONS) {
      await expect
        .poll(() => menu.getByRole("link", { name: linkName(collection), exact: true }).isVisible())
        .toBe(true);
    }
    await menu.getByRole("link", { name: "Handbags", exact: true }).click();
    await page.waitForURL("**/handbags");
    const sort = page.getByLabel("Sort by");
    await expect.poll(() => sort.isVisible()).toBe(false);
    // The first screen shows products, not the filter panel.
    await expect
      .poll(async () => (await page.locator("main article").first().boundingBox())?.y ?? 9999)
      .toBeLessThan(740);
    await page.getByRole("button", { name: "Filters" }).click();
    await expect.poll(() => sort.isVisible()).toBe(true);
  });

  it("keeps the desktop filter panel to its own height, names New Arrivals and Best Selling, and counts pages", async () => {
    const page = await journey().newPage({ width: 1366, height: 900 });
    await live(page, "/allproducts");
    const panel = page.getByRole("complementary", { name: "Filters" });
    await expect.poll(async () => (await panel.boundingBox())?.height ?? 9999).toBeLessThan(600);
    await expect.poll(() => page.getByText(/^Page 1 of \d+ · \d+ products$/).isVisible()).toBe(true);
    await live(page, "/allproducts?sort=new");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("New Arrivals");
    await live(page, "/allproducts?sort=popular");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Best Selling");
    // The footer's Tops finds the blouse whose type is Top.
    await page.getByRole("contentinfo").getByRole("link", { name: "Tops", exact: true }).click();
    await page.waitForURL(/q=top/);
    await expect.poll(() => page.getByText("Yuna Puff-Sleeve Blouse").isVisible()).toBe(true);
  });

  it("lets a keyboard user browse a filter's options: focus stays, and the results follow once the choice settles", async () => {
    const page = await journey().newPage({ width: 1366, height: 900 });
    await live(page, "/allproducts");
    const type = page.getByLabel("Type");
    await type.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(new URL(page.url()).searchParams.get("type")).toBeNull();
    await expect.poll(() => type.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForURL(/type=/);
    await expect.poll(() => type.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("follows the device's dark mode on a first visit", async () => {
    const page = await journey().newPage({ colorScheme: "dark" });
    await live(page, "/allproducts");
    await expect.poll(() => page.locator("html").getAttribute("class")).toBe("system");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toMatch(/rgb\(255, 255, 255\)/);
    await expect.poll(() => page.getByRole("button", { name: "Switch to light mode" }).isVisible()).toBe(true);
  });

  it("sizes footwear in UK sizes and calls a watch's metal its Material", async () => {
    const page = await journey().newPage();
    await live(page, await productPath(page, "Kolhapuri Flats"));
    await expect
      .poll(() => page.getByLabel("Size").locator("option").allTextContents())
      .toEqual(["Select size", "UK 3", "UK 4", "UK 5", "UK 6", "UK 7", "UK 8"]);
    await live(page, await productPath(page, "Minimal Mesh-Strap Watch"));
    await expect.poll(() => page.getByText("Material", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Fabric", { exact: true }).count()).toBe(0);
  });
});
