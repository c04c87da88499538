import type { Page } from "playwright-core";
import { it } from "vitest";
import { describeJourneys, expectNoSeriousA11yViolations } from "./browser.ts";
import { fillDelivery } from "./forms.ts";

/*
 * Every page, as a visitor, a customer and the administrator sees it, in light and dark mode, at
 * 375, 768 and 1366 px: axe finds no serious or critical violation. Each page is loaded once and
 * then looked at in each width and mode. The pages look the same on either database, so this runs
 * against the first shop only.
 */
const WIDTHS = [375, 768, 1366] as const;
const THEMES = ["light", "dark"] as const;

async function live(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The page as it stands, checked at every width in both modes: every rule in light mode, and in
 * dark mode the rules that colours can break (the rest do not change with the mode).
 */
async function checkEveryWay(page: Page, what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of THEMES) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await expectNoSeriousA11yViolations(page, `${what} (${theme}, ${width} px)`, {
        onlyRules: theme === "dark" ? ["color-contrast", "link-in-text-block"] : undefined,
      });
    }
  }
}

async function checkPages(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await live(page, path);
    await checkEveryWay(page, path);
  }
}

async function logIn(page: Page, email: string, password: string) {
  await live(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Login successful").waitFor();
}

async function addFirstSize(page: Page, productPath: string) {
  await live(page, productPath);
  await page.getByLabel("Size").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.getByText("Added to cart").last().waitFor();
}

// The pages are the same on both databases, so one sweep (on SQLite) covers them.
describeJourneys(
  "accessibility of every page",
  (journey) => {
    let productPath = "/productinfo/1";

    it("finds nothing serious on a visitor's pages", async () => {
      const page = await journey().newPage();
      await live(page, "/jewellery");
      productPath = (await page.locator("main article a").first().getAttribute("href")) ?? productPath;
      await checkPages(page, ["/", "/allproducts", "/pakistani-suits?sort=high", "/accessories", productPath]);
      await checkPages(page, ["/account", "/login", "/signup", "/wishlist", "/no-such-page"]);
      await addFirstSize(page, productPath);
      await checkPages(page, ["/cart", "/guest"]);
      await page.setViewportSize({ width: 375, height: 900 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      await expectNoSeriousA11yViolations(page, "the phone's menu (light, 375 px)");
    });

    it("finds nothing serious on a customer's pages", async () => {
      const page = await journey().newPage();
      await live(page, "/signup");
      await page.getByLabel("Name").fill("Axe Tester");
      await page.getByLabel("Email").fill(`axe-${Date.now()}@mail.in`);
      await page.getByLabel("Password").fill("Secret-pass-1");
      await page.getByRole("button", { name: "Signup" }).click();
      await page.getByText("Signup Successfully").waitFor();
      await addFirstSize(page, productPath);
      await live(page, "/cart?checkout");
      const dialog = page.getByRole("dialog", { name: "Checkout" });
      await dialog.waitFor();
      await checkEveryWay(page, "the checkout dialog");
      await fillDelivery(dialog, { name: "Axe Tester", address: "1 Marine Drive, Mumbai", pincode: "400020" });
      await dialog.getByRole("button", { name: "Order Now" }).click();
      await page.waitForURL("**/order");
      const orderPath = (await page.getByTestId("order-card").first().getAttribute("href")) ?? "/order";
      await checkPages(page, ["/", "/profile", "/profile?edit", "/profileform", "/order", orderPath]);
    });

    it("finds nothing serious on the administrator's pages", async () => {
      const page = await journey().newPage();
      const { adminEmail, adminPassword } = journey().shop;
      await logIn(page, adminEmail, adminPassword);
      await live(page, "/dashboard?tab=orders");
      const orderPath = (await page.getByRole("link", { name: "Update Order" }).first().getAttribute("href")) ?? "";
      await checkPages(page, [
        "/dashboard",
        "/dashboard?tab=products",
        "/dashboard?tab=orders",
        "/dashboard?tab=users",
        "/addproduct",
        "/updateproduct?id=1",
        orderPath,
      ]);
    });
  },
  { engines: ["sqlite"] },
);
