import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { COLLECTIONS, collectionLinkName as linkName } from "#core/collections.ts";
import { describeJourneys } from "./browser.ts";

/*
 * What a walk-through of the shop found, as a shopper and the administrator would meet it, at the
 * widths of a phone (375), a tablet (768, 1024) and a laptop (1366).
 */

async function live(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

async function addToCart(page: Page, productPath: string, size: string, times = 1) {
  await live(page, productPath);
  await page.getByLabel("Size").selectOption(size);
  for (let added = 0; added < times; added++) {
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByText("Added to cart").last().waitFor();
  }
}

async function productPath(page: Page, title: string): Promise<string> {
  await live(page, `/allproducts?q=${encodeURIComponent(title)}`);
  const href = await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .getAttribute("href");
  if (!href) throw new Error(`No product called ${title}`);
  return href;
}

async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@mail.in`;
  await live(page, "/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Secret-pass-1");
  await page.getByRole("button", { name: "Signup" }).click();
  await page.getByText("Signup Successfully").waitFor();
  return email;
}

/** Whether anything sticks out sideways: the page scrolls horizontally only if something is too wide. */
function scrollsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describeJourneys("the walk-through's findings", (journey) => {
  it("adds up the whole cart, marks a line that ran short, fixes it in one click and only then checks out", async () => {
    const shopper = await journey().newPage();
    const other = await journey().newPage();
    const suit = await productPath(shopper, "Sana Velvet Winter Suit");
    await addToCart(shopper, suit, "M", 3);
    // Another shopper buys two of the three in that size.
    await addToCart(other, suit, "M", 2);
    await live(other, "/guest");
    await other.getByLabel("Full Name").fill("Kiran Patil");
    await other.getByLabel("Email").fill("kiran.patil@mail.in");
    await other.getByLabel("Full Address").fill("3 Linking Road, Khar West, Mumbai");
    await other.getByLabel("City").fill("Mumbai");
    await other.getByLabel("State/UT").selectOption({ label: "Maharashtra" });
    await other.getByLabel("Pincode").fill("400052");
    await other.getByLabel("Mobile Number").fill("9820033333");
    await other.getByRole("button", { name: "Order Now" }).click();
    await other.waitForURL(/\/orders\//);

    await live(shopper, "/cart");
    const total = shopper.getByTestId("grand-total");
    await expect.poll(() => total.textContent()).toBe("₹22,597");
    await expect.poll(() => shopper.getByTestId("line-problem").textContent()).toContain("Only 1 left in size M.");
    const buyNow = shopper.getByRole("button", { name: "Buy Now" });
    await expect.poll(() => buyNow.isDisabled()).toBe(true);
    await expect.poll(() => shopper.getByTestId("checkout-blocked").isVisible()).toBe(true);
    await live(shopper, "/guest");
    await expect.poll(() => shopper.getByTestId("checkout-blocked").isVisible()).toBe(true);
    await expect.poll(() => shopper.getByRole("button", { name: "Order Now" }).count()).toBe(0);

    await live(shopper, "/cart");
    await shopper.getByRole("button", { name: "Set to 1" }).click();
    await expect.poll(() => total.textContent()).toBe("₹7,599");
    await expect.poll(() => shopper.getByRole("link", { name: "Buy Now" }).isVisible()).toBe(true);
  });

  it("puts toasts where they cover no control of the header, with a View cart button", async () => {
    for (const width of [375, 1366]) {
      const page = await journey().newPage({ width, height: 800 });
      await addToCart(page, await productPath(page, "Ayesha Pastel Lawn Co-ordinated Suit"), "M");
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Added to cart" }).last();
      const toastBox = await toast.boundingBox();
      const headerBox = await page.getByRole("banner").boundingBox();
      if (!toastBox || !headerBox) throw new Error("The toast or the header is not on screen.");
      expect(boxesOverlap(toastBox, headerBox), `at ${width} px`).toBe(false);
      await toast.getByRole("button", { name: "View cart" }).click();
      await page.waitForURL("**/cart");
    }
  });

  it("gives a guest the way to their wishlist, with its count, in the bar and in the phone's menu", async () => {
    const page = await journey().newPage({ width: 375, height: 800 });
    await live(page, await productPath(page, "Kundan Jhumka Earrings"));
    await page.getByRole("button", { name: "Add To Wishlist" }).click();
    await page.getByText("Added to wishlist").last().waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Wishlist, 1 item" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: /Wishlist\s*1\s*items/ }).click();
    await page.waitForURL("**/wishlist");
    await expect.poll(() => page.getByTestId("wishlist-item").count()).toBe(1);
  });

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
    const sort = page.getByLabel("Price sort");
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

  it("holds focus inside the checkout dialog and gives it back when it closes", async () => {
    const page = await journey().newPage();
    await signUp(page, "Rhea Kapoor");
    await addToCart(page, await productPath(page, "Kesariya Straight Kurta Set"), "M");
    await live(page, "/cart");
    const buyNow = page.getByRole("link", { name: "Buy Now" });
    await buyNow.click();
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await dialog.getByLabel("Full Name").waitFor();
    await expect.poll(() => dialog.getByText("To pay on delivery").isVisible()).toBe(true);
    // Tab never reaches the page behind (it may step out to the browser's own controls).
    for (let press = 0; press < 15; press++) {
      await page.keyboard.press("Tab");
      const where = await dialog.evaluate(
        (element) => element.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(where).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.search.includes("checkout"));
  });

  it("follows the device's dark mode on a first visit", async () => {
    const page = await journey().newPage({ colorScheme: "dark" });
    await live(page, "/allproducts");
    await expect.poll(() => page.locator("html").getAttribute("class")).toBe("system");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toMatch(/rgb\(255, 255, 255\)/);
    await expect.poll(() => page.getByRole("button", { name: "Switch to light mode" }).isVisible()).toBe(true);
  });

  it("says All fields are required once, with each field's own problem beside it", async () => {
    const page = await journey().newPage();
    await live(page, "/signup");
    await page.getByRole("button", { name: "Signup" }).click();
    await page.getByRole("alert").waitFor();
    await expect.poll(() => page.getByText("All fields are required").count()).toBe(1);
    // The banner names the first missing field; each field says what it needs.
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("All fields are required. Please enter your name.");
    await expect.poll(() => page.getByText("Please enter your name.", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please enter your e-mail address.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please choose a password.").isVisible()).toBe(true);
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

  it("gives the admin a frame of their own that fits at 1024 and 1366 px, and tells a disabled customer why they left", async () => {
    const customer = await journey().newPage();
    const email = await signUp(customer, "Nisha Menon");
    const admin = await journey().newPage({ width: 1024, height: 800 });
    const { adminEmail, adminPassword } = journey().shop;
    await live(admin, "/login");
    await admin.getByLabel("Email").fill(adminEmail);
    await admin.getByLabel("Password").fill(adminPassword);
    await admin.getByRole("button", { name: "Login" }).click();
    await admin.getByText("Login successful").waitFor();
    for (const width of [1024, 1366]) {
      await admin.setViewportSize({ width, height: 800 });
      for (const section of ["Dashboard", "Products", "Orders", "Users"]) {
        await live(admin, "/dashboard");
        await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: section }).click();
        await expect.poll(() => admin.getByRole("heading", { level: 1 }).textContent()).toBe(section);
        await expect.poll(() => scrollsSideways(admin), { message: `${section} at ${width}` }).toBe(false);
        await expect.poll(() => admin.getByRole("contentinfo").count()).toBe(0);
      }
    }
    // The orders table fits beside the navigation: it does not need to scroll sideways.
    await live(admin, "/dashboard?tab=orders");
    const table = admin.getByRole("table", { name: "Orders" });
    await expect.poll(() => admin.getByTestId("admin-order-row").count()).toBeGreaterThan(0);
    await expect
      .poll(() => table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0) + 1))
      .toBe(true);

    await live(admin, `/dashboard?tab=users&q=${encodeURIComponent(email)}`);
    await admin.getByRole("switch", { name: `Disabled: ${email}` }).click();
    const confirm = admin.getByRole("dialog", { name: `Disable ${email}?` });
    await confirm.getByRole("button", { name: "Disable" }).click();
    await admin.getByText("User disabled").waitFor();
    await customer.reload();
    await customer.waitForURL("**/login");
    await customer
      .getByText(/Your account has been disabled/)
      .first()
      .waitFor();
  });
});
