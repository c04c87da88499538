import { expect, it } from "vitest";
import { type DemoProduct, loadDemoCatalogue } from "#server/demo/demo-catalogue.ts";
import { COLLECTIONS } from "../../app/lib/collections.ts";
import { COLLECTION_TILES, MOOD_TILES } from "../../app/lib/home-content.ts";

const DEMO_CATALOGUE = loadDemoCatalogue();

import { describeJourneys, expectNoSeriousA11yViolations } from "./browser.ts";

/** The demo products a collection should list, by the shop's membership rules. */
function expectedMembers(slug: string): DemoProduct[] {
  const collection = COLLECTIONS.find((candidate) => candidate.slug === slug);
  if (!collection) throw new Error(slug);
  const { membership } = collection;
  return DEMO_CATALOGUE.filter((product) =>
    membership.kind === "flag"
      ? product.collections.includes(membership.flag)
      : product.category.toLowerCase() === membership.categoryKey,
  );
}

const rupees = (text: string) => Number(text.replace("Rs.", "").replaceAll(",", ""));

describeJourneys("storefront", (journey) => {
  it("shows the home page sections, with every tile leading where the spec says", async () => {
    const page = await journey().newPage();
    await page.goto("/");
    const categoryBar = page.getByRole("navigation", { name: "Categories" });
    for (const collection of COLLECTIONS) {
      await expect(
        categoryBar.getByRole("link", { name: collection.label, exact: true }).getAttribute("href"),
      ).resolves.toBe(`/${collection.slug}`);
    }
    for (const caption of ["Let's Explore", "Shop Now", "New Collections"]) {
      await expect(page.getByRole("heading", { name: caption }).count()).resolves.toBe(1);
    }
    await expect(page.getByRole("button", { name: /^Show slide/ }).count()).resolves.toBe(3);
    await expect(page.getByRole("button", { name: /previous|next/i }).count()).resolves.toBe(0);
    for (const [section, tiles] of [
      ["Collections", COLLECTION_TILES],
      ["Pick Your Mood", MOOD_TILES],
    ] as const) {
      for (const tile of tiles) {
        const link = page.getByRole("region", { name: section }).getByRole("link", { name: tile.label, exact: true });
        await expect(link.getAttribute("href")).resolves.toBe(tile.to);
      }
    }
    const latest = page.getByRole("region", { name: "Shop Latest Pakistani Suits" }).getByRole("link");
    await expect(latest.count()).resolves.toBe(6);
    const newestSuit = DEMO_CATALOGUE.filter((product) => product.collections.includes("isPakistaniSuits")).at(-1);
    await expect(latest.first().textContent()).resolves.toContain(newestSuit?.title);
    await expect(page.getByText("Fast Delivery").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Latest Fashion").isVisible()).resolves.toBe(true);

    await page.getByRole("link", { name: "FEELING HOT", exact: true }).click();
    await page.waitForURL("**/western");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Western");
    await expectNoSeriousA11yViolations(page);
  });

  it("plays the carousel every 3 s, pauses it under the pointer, and keeps it still for reduced motion", async () => {
    const page = await journey().newPage();
    await page.goto("/");
    const current = () => page.locator('[aria-label^="Show slide"][aria-current="true"]').getAttribute("aria-label");
    const first = await current();
    await page.waitForFunction(
      (label) =>
        document.querySelector('[aria-label^="Show slide"][aria-current="true"]')?.getAttribute("aria-label") !== label,
      first,
      { timeout: 6_000 },
    );
    await page.getByRole("region", { name: "Featured" }).hover();
    const paused = await current();
    await page.waitForTimeout(4_000);
    await expect(current()).resolves.toBe(paused);

    const still = await journey().newPage({ reducedMotion: true });
    await still.goto("/");
    await still.waitForTimeout(4_000);
    await expect(
      still.locator('[aria-current="true"][aria-label^="Show slide"]').getAttribute("aria-label"),
    ).resolves.toContain("slide 1");
  });

  it("gives every collection its title and only its members", async () => {
    const page = await journey().newPage();
    for (const collection of COLLECTIONS) {
      await page.goto(`/${collection.slug}`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(collection.title);
      const shown = await page.locator("main article h2").allTextContents();
      const expected = expectedMembers(collection.slug).map((product) => product.title);
      expect(shown.sort(), collection.slug).toEqual(expected.sort());
    }
  });

  it("filters and sorts from the panel, keeping the state in the URL", async () => {
    const page = await journey().newPage();
    const titles = () => page.locator("main article h2").allTextContents();
    const pricesShown = async () => (await page.locator("main article p").allTextContents()).map(rupees);
    await page.goto("/allproducts");
    await page.getByLabel("Type").selectOption("Western");
    await page.waitForURL(/type=Western/);
    await expect
      .poll(async () => (await titles()).sort())
      .toEqual(
        expectedMembers("western")
          .map((product) => product.title)
          .sort(),
      );

    await page.getByLabel("Price sort").selectOption("high");
    await page.waitForURL(/sort=high/);
    await expect
      .poll(async () => {
        const prices = await pricesShown();
        return prices.length > 1 && prices.join() === [...prices].sort((a, b) => b - a).join();
      })
      .toBe(true);

    await page.getByLabel("Max price (Rs.)").fill("1800");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/max=1800/);
    await expect.poll(async () => (await pricesShown()).every((price) => price <= 1800)).toBe(true);
    expect((await pricesShown()).length).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get("type")).toBe("Western");

    await page.getByLabel("Fabric").selectOption("Cotton");
    await page.waitForURL(/fabric=Cotton/);
    // Western, cotton, at most Rs.1,800, dearest first.
    await expect.poll(titles).toEqual(["Marine Drive Striped Top", "Worli Oversized T-Shirt"]);

    await page.goto("/allproducts?type=Western&fabric=Velvet");
    await expect(page.getByText("No products found").isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it("searches the whole shop from the header", async () => {
    const page = await journey().newPage();
    await page.goto("/western");
    await page.locator("#header-search").fill("jhumka");
    await page.locator("#header-search").press("Enter");
    await page.waitForURL("**/allproducts?q=jhumka");
    await expect.poll(() => page.locator("main article h2").allTextContents()).toEqual(["Kundan Jhumka Earrings"]);
  });

  it("shows a product with its pictures, price, details and its own sizes", async () => {
    const page = await journey().newPage();
    await page.goto("/pakistani-suits");
    await page.getByRole("link", { name: /Mehroz Chikankari Chiffon Suit/ }).click();
    await page.waitForURL(/\/productinfo\/\d+$/);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Mehroz Chikankari Chiffon Suit");
    await expect(page.getByText("Rs.6,899", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Chiffon", { exact: true }).isVisible()).resolves.toBe(true);
    const size = page.getByLabel("Size");
    await expect(size.locator("option").allTextContents()).resolves.toEqual([
      "Select size",
      "S",
      "M",
      "L",
      "XL (out of stock)",
    ]);
    await expect(size.locator('option[value="XL"]').isDisabled()).resolves.toBe(true);
    await size.selectOption("S");
    await expect(page.getByText("Only 3 left").isVisible()).resolves.toBe(true);
    const main = page.locator("main img").first();
    const before = await main.getAttribute("src");
    await page.getByRole("button", { name: "Show picture 2 of 3" }).click();
    await expect(main.getAttribute("src")).resolves.not.toBe(before);
    await expectNoSeriousA11yViolations(page);
  });

  it("answers an unknown address with the Not-found screen and a 404", async () => {
    const page = await journey().newPage();
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(true);
  });

  it("remembers dark mode across a reload", async () => {
    const page = await journey().newPage();
    await page.goto("/allproducts");
    await expect(page.locator("html").getAttribute("class")).resolves.toBeNull();
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect(page.locator("html").getAttribute("class")).resolves.toBe("dark");
    await expect(page.getByRole("button", { name: "Switch to light mode" }).isVisible()).resolves.toBe(true);
  });

  it("opens the slide-in menu at 375 px with the same links, from the keyboard too", async () => {
    const page = await journey().newPage({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Cart" }).waitFor({ state: "visible" });
    // The panel slides in over the whole height of the screen.
    await expect.poll(async () => (await menu.boundingBox())?.height).toBe(740);
    await expect(menu.getByRole("link", { name: "Login/Signup" }).isVisible()).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getByRole("link", { name: "Cart" }).isVisible()).toBe(false);
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent),
    ).resolves.toContain("Open menu");
    await opener.click();
    await menu.getByRole("link", { name: "Login/Signup" }).click();
    await page.waitForURL("**/login");
  });
});
