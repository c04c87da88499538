import type { Page } from "playwright-core";

/*
 * What a shopper does again and again in the journeys: open a page once it is live, find a product,
 * add it to the cart, sign up; and what the walk-throughs look at: whether a page scrolls sideways,
 * whether two boxes overlap.
 */

export async function live(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export async function addToCart(page: Page, productPath: string, size: string, times = 1) {
  await live(page, productPath);
  await page.getByLabel("Size").selectOption(size);
  for (let added = 0; added < times; added++) {
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cart"),
      { timeout: 10_000 },
    );
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await posted;
    // The form is busy until the cart's figures are read again; a press before that is dropped.
    await page.locator('form[aria-busy="true"]').waitFor({ state: "hidden", timeout: 10_000 });
    await page.getByText("Added to cart").last().waitFor();
  }
}

export async function productPath(page: Page, title: string): Promise<string> {
  await live(page, `/allproducts?q=${encodeURIComponent(title)}`);
  const href = await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .getAttribute("href");
  if (!href) throw new Error(`No product called ${title}`);
  return href;
}

export async function signUp(page: Page, name: string): Promise<string> {
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
export function scrollsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

export function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
