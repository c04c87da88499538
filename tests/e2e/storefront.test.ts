import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { COLLECTIONS, collectionLinkName as linkName } from "#core/collections.ts";
import { COLLECTION_TILES, MOOD_TILES } from "#server/catalog/home-content.ts";
import { loadDemoCatalogue } from "#server/demo/demo-catalogue.ts";

const DEMO_CATALOGUE = loadDemoCatalogue();

import { describeJourneys, expectNoSeriousA11yViolations } from "./browser.ts";
import { typeBeforeLive } from "./forms.ts";
import { answerToPost, live, untilLive } from "./shopper.ts";

const rupees = (text: string) => Number(text.replace("₹", "").replaceAll(",", ""));

describeJourneys("storefront", (journey) => {
  it("shows the home page sections, with every tile leading where the spec says", async () => {
    const page = await journey().newPage();
    await page.goto("/");
    const categoryBar = page.getByRole("navigation", { name: "Categories" });
    for (const collection of COLLECTIONS) {
      await expect
        .poll(() => categoryBar.getByRole("link", { name: linkName(collection), exact: true }).getAttribute("href"))
        .toBe(`/${collection.slug}`);
    }
    for (const caption of ["Let's Explore", "Shop Now", "New Collections"]) {
      await expect.poll(() => page.getByRole("heading", { name: caption }).count()).toBe(1);
    }
    await expect.poll(() => page.getByRole("button", { name: /^Show slide/ }).count()).toBe(3);
    await expect.poll(() => page.getByRole("button", { name: /previous|next/i }).count()).toBe(0);
    for (const [section, tiles] of [
      ["Collections", COLLECTION_TILES],
      ["Pick Your Mood", MOOD_TILES],
    ] as const) {
      for (const tile of tiles) {
        const link = page.getByRole("region", { name: section }).getByRole("link", { name: tile.label, exact: true });
        await expect.poll(() => link.getAttribute("href")).toBe(tile.to);
      }
    }
    const latest = page.getByRole("region", { name: "Shop Latest Pakistani Suits" }).getByRole("link");
    await expect.poll(() => latest.count()).toBe(6);
    const newestSuit = DEMO_CATALOGUE.filter((product) => product.collections.includes("isPakistaniSuits")).at(-1);
    await expect.poll(() => latest.first().textContent()).toContain(newestSuit?.title);
    await expect.poll(() => page.getByText("Fast Delivery").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Latest Fashion").isVisible()).toBe(true);

    await page.getByRole("link", { name: "FEELING HOT", exact: true }).click();
    await page.waitForURL("**/western");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Western");
    await expectNoSeriousA11yViolations(page);
  });

  it("plays the carousel every 3 s, pauses it under the pointer, and keeps it still for reduced motion", async () => {
    // The browser's clock is the test's: time moves only when the test moves it, so nothing sleeps.
    const current = (page: Page) =>
      page.locator('[aria-label^="Show slide"][aria-current="true"]').getAttribute("aria-label");
    const page = await journey().newPage({ reducedMotion: false });
    await page.clock.install();
    await live(page, "/");
    const first = await current(page);
    await page.clock.runFor(3_500);
    await expect.poll(() => current(page)).not.toBe(first);
    await page.getByRole("region", { name: "Featured" }).hover();
    const paused = await current(page);
    await page.clock.runFor(7_000);
    expect(await current(page)).toBe(paused);

    const still = await journey().newPage();
    await still.clock.install();
    await live(still, "/");
    await still.clock.runFor(7_000);
    expect(await current(still)).toContain("slide 1");
  });

  it("filters and sorts from the panel, keeping the state in the URL", async () => {
    const page = await journey().newPage();
    const titles = () => page.locator("main article h2").allTextContents();
    const pricesShown = async () => (await page.locator("main article p").allTextContents()).map(rupees);
    await live(page, "/allproducts");
    await page.getByLabel("Type").selectOption("Top");
    await page.waitForURL(/type=Top/);
    const tops = DEMO_CATALOGUE.filter((product) => product.type === "Top");
    await expect
      .poll(async () => (await titles()).sort())
      // The Type filter offers garment types and matches the product's own.
      .toEqual(tops.map((product) => product.title).sort());

    await page.getByLabel("Sort by").selectOption("high");
    await page.waitForURL(/sort=high/);
    await expect
      .poll(async () => {
        const prices = await pricesShown();
        return prices.length > 1 && prices.join() === [...prices].sort((a, b) => b - a).join();
      })
      .toBe(true);

    await page.getByLabel("Max price (₹)").fill("1800");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/max=1800/);
    await expect.poll(async () => (await pricesShown()).every((price) => price <= 1800)).toBe(true);
    expect((await pricesShown()).length).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get("type")).toBe("Top");

    await page.getByLabel("Fabric or material").selectOption("Cotton");
    await page.waitForURL(/fabric=Cotton/);
    // Tops, cotton, at most ₹1,800, dearest first.
    await expect.poll(titles).toEqual(
      tops
        .filter((product) => product.fabric === "Cotton" && product.rupees <= 1800)
        .sort((a, b) => b.rupees - a.rupees)
        .map((product) => product.title),
    );

    await page.goto("/allproducts?type=Top&fabric=Velvet");
    await expect.poll(() => page.getByText("No products match these filters").isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it("searches the whole shop from the header", async () => {
    // Typed before the page is live or after: the search goes to the whole shop either way.
    const page = await journey().newPage();
    await page.goto("/western");
    await page.locator("#header-search").fill("jhumka");
    await page.locator("#header-search").press("Enter");
    await page.waitForURL("**/allproducts?q=jhumka");
    await expect.poll(() => page.locator("main article h2").allTextContents()).toEqual(["Kundan Jhumka Earrings"]);
  });

  it("suggests as the shopper types, chosen with the keyboard, and forgives a typo", async () => {
    const page = await journey().newPage({ width: 1366 });
    await live(page, "/");
    const box = page.getByRole("combobox", { name: "Search products" }).first();
    await box.fill("jhum");
    const list = page.getByRole("listbox", { name: "Suggestions" }).first();
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => list.getByRole("option").allTextContents()).toContain("jhumkaSearch");
    await box.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect.poll(() => first.getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    await box.press("Escape");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.waitForURL("**/allproducts?q=jhumka");
    await expect.poll(() => page.locator("main article h2").allTextContents()).toEqual(["Kundan Jhumka Earrings"]);

    await page.goto("/allproducts?q=anarkalli");
    await expect.poll(() => page.getByText("Showing results for “anarkali”.").isVisible()).toBe(true);
    await expect.poll(() => page.locator("main article").count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  it("shows a phone's suggestions below the search panel, not cut off by it, and each finds something", async () => {
    const page = await journey().newPage({ width: 375 });
    await live(page, "/");
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    const box = page.getByRole("combobox", { name: "Search products" }).filter({ visible: true }).first();
    await box.pressSequentially("sal");
    const salwar = page
      .getByRole("option", { name: /^salwar/ })
      .filter({ visible: true })
      .first();
    await salwar.waitFor();
    // What is drawn at the middle of the suggestion is the suggestion, not the page under a clipped list.
    const onTop = await salwar.evaluate((option) => {
      const { left, top, width, height } = option.getBoundingClientRect();
      return option.contains(document.elementFromPoint(left + width / 2, top + height / 2));
    });
    expect(onTop).toBe(true);
    await salwar.click();
    await page.waitForURL("**/allproducts?q=salwar");
    await expect.poll(() => page.locator("main article").count()).toBe(7);
  });

  it("shows a product with its pictures, price, details and its own sizes", async () => {
    const page = await journey().newPage();
    await page.goto("/pakistani-suits");
    await page.getByRole("link", { name: /Mehroz Chikankari Chiffon Suit/ }).click();
    await page.waitForURL(/\/productinfo\/\d+$/);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Mehroz Chikankari Chiffon Suit");
    await expect.poll(() => page.getByText("₹6,899", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Chiffon", { exact: true }).isVisible()).toBe(true);
    const size = page.getByLabel("Size");
    await expect
      .poll(() => size.locator("option").allTextContents())
      .toEqual(["Select size", "S", "M", "L", "XL (out of stock)"]);
    await expect.poll(() => size.locator('option[value="XL"]').isDisabled()).toBe(true);
    // A size chosen before the page is live (a slow phone) is the page's choice once it is.
    await typeBeforeLive(page, new URL(page.url()).pathname, async () => {
      await size.selectOption("S");
    });
    // S is low (3 in the demo; fewer once another journey has bought one, as the Hindi one may), M is not.
    const lowStock = page.getByText(/^Only [1-3] left$/);
    await expect.poll(() => lowStock.isVisible()).toBe(true);
    await size.selectOption("M");
    await expect.poll(() => lowStock.isVisible()).toBe(false);
    await size.selectOption("S");
    await expect.poll(() => lowStock.isVisible()).toBe(true);
    const main = page.locator("main img").first();
    const before = await main.getAttribute("src");
    await page.getByRole("button", { name: "Show picture 2 of 3" }).click();
    await expect.poll(() => main.getAttribute("src")).not.toBe(before);
    await expectNoSeriousA11yViolations(page);
  });

  it("opens a product at its top and comes back to where the listing was, on Back and on a reload", async () => {
    const page = await journey().newPage();
    const scrolled = () => page.evaluate(() => Math.round(window.scrollY));
    await live(page, "/allproducts");
    const y = await page.evaluate(() => {
      const y = Math.min(900, Math.floor((document.documentElement.scrollHeight - window.innerHeight) / 2));
      window.scrollTo(0, y);
      return y;
    });
    expect(y).toBeGreaterThan(200);
    await expect.poll(scrolled).toBe(y);
    // A product on screen, followed as a tap would (a click from outside would scroll to it first).
    const followed = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/productinfo/"]')];
      const seen = links.find((link) => link.getBoundingClientRect().top > 0);
      seen?.click();
      return seen !== undefined;
    });
    expect(followed, "a product link on screen").toBe(true);
    await page.waitForURL(/\/productinfo\/\d+$/);
    await expect.poll(scrolled).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/allproducts$/);
    await expect.poll(scrolled).toBe(y);
    await page.reload();
    await untilLive(page);
    await expect.poll(scrolled).toBe(y);
  });

  it("remembers dark mode across a reload", async () => {
    const page = await journey().newPage();
    await page.goto("/allproducts");
    // No choice yet: the page follows the device (light here).
    await expect.poll(() => page.locator("html").getAttribute("class")).toBe("system");
    // The choice is kept once the server has answered the switch (its answer sets the cookie).
    const kept = answerToPost(page, "/theme");
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await kept;
    await page.reload();
    await expect.poll(() => page.locator("html").getAttribute("class")).toBe("dark");
    await expect.poll(() => page.getByRole("button", { name: "Switch to light mode" }).isVisible()).toBe(true);
  });

  it("opens the slide-in menu at 375 px with the same links, from the keyboard too", async () => {
    const page = await journey().newPage({ width: 375, height: 740 });
    // A key pressed before the page is live would reach a button with nothing behind it yet.
    await live(page, "/");
    // The bar keeps the icons; the words and the account's links are in the menu.
    await expect
      .poll(() => page.getByRole("banner").getByRole("link", { name: "Login/Signup" }).isVisible())
      .toBe(false);
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Cart" }).waitFor({ state: "visible" });
    // The panel slides in over the whole height of the screen.
    await expect.poll(async () => (await menu.boundingBox())?.height).toBe(740);
    await expect.poll(() => menu.getByRole("link", { name: "Login/Signup" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getByRole("link", { name: "Cart" }).isVisible()).toBe(false);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent),
      )
      .toContain("Open menu");
    await opener.click();
    await menu.getByRole("link", { name: "Login/Signup" }).click();
    await page.waitForURL("**/login");
  });
});
