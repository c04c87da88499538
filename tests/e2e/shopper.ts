import type { Page } from "playwright-core";
import { within } from "./within.ts";

/*
 * What a shopper does again and again in the journeys: open a page once it is live, find a product,
 * add it to the cart, sign up; and what the walk-throughs look at: whether a page scrolls sideways,
 * whether two boxes overlap.
 */

export async function live(page: Page, path: string) {
  await page.goto(path);
  await untilLive(page);
}

/**
 * Waits until the page's scripts have taken it over (its root carries `data-hydrated`). The page is
 * asked once and answers the moment the mark appears: a locator polled for it from outside kept the
 * browser drawing frames while it waited and saw the mark up to a tenth of a second late (a page
 * load in a warm page cost 0.21 s and 2.2 s of the machine's CPU for ten; asked once, 0.15 s).
 * A document replaced while it waits (a redirect) is asked again.
 */
export async function untilLive(page: Page, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`${page.url()} was not live within ${timeoutMs} ms`);
    try {
      const marked = page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const root = document.documentElement;
            if (root.hasAttribute("data-hydrated")) return resolve(true);
            const watch = new MutationObserver(() => {
              if (!root.hasAttribute("data-hydrated")) return;
              watch.disconnect();
              resolve(true);
            });
            watch.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
          }),
      );
      if (await within(left, marked, false)) return;
    } catch (error) {
      if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    }
  }
}

/**
 * After Order Now: the order's confirmation page, where every buyer lands (its secret address);
 * answers the order's number, from its heading.
 */
export async function placedOrder(page: Page): Promise<string> {
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{32,}$/);
  const heading = page.getByRole("heading", { level: 1, name: /^Order KS-\d+$/ });
  await heading.waitFor();
  return ((await heading.textContent()) ?? "").replace("Order ", "");
}

/**
 * The shop's answer to the next form the page posts to `path` (a fetcher posts to `path.data`):
 * a control that changes as the form is sent says nothing of whether the shop has kept it.
 */
export function answerToPost(page: Page, path: string) {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(path),
    { timeout: 10_000 },
  );
}

export async function addToCart(page: Page, productPath: string, size: string, times = 1) {
  await live(page, productPath);
  await page.getByLabel("Size").selectOption(size);
  for (let added = 0; added < times; added++) {
    const posted = answerToPost(page, "/cart");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await posted;
    // The form is busy until the cart's figures are read again; a press before that is dropped.
    await page.locator('form[aria-busy="true"]').waitFor({ state: "hidden", timeout: 10_000 });
    await page.getByText("Added to cart").last().waitFor();
  }
}

/**
 * A product's page, found through the shop's search as a shopper would, read over HTTP with the
 * page's own cookies: finding it is not what a journey looks at, and drawing the results page in
 * the browser cost as much as the page the journey came for.
 */
export async function productPath(page: Page, title: string): Promise<string> {
  const response = await page.request.get(`/allproducts?q=${encodeURIComponent(title)}`);
  const html = await response.text();
  const escaped = title.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
  for (const card of html.split("<article").slice(1)) {
    const href = card.match(/href="(\/productinfo\/\d+)"/)?.[1];
    const name = card.match(/<h2[^>]*>([^<]*)<\/h2>/)?.[1] ?? "";
    if (href && name.includes(escaped)) return href;
  }
  throw new Error(`No product called ${title}`);
}

/**
 * A new customer, signed in on this page: the sign-up form posted over HTTP with the page's own
 * cookies, as the browser would post it (the form itself has journeys of its own, accounts.test.ts).
 */
export async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@mail.in`;
  const origin = new URL((await page.request.get("/healthz")).url()).origin;
  const answer = await page.request.post("/signup", {
    form: { name, email, password: "Secret-pass-1" },
    headers: { origin },
    maxRedirects: 0,
  });
  if (answer.status() !== 302) throw new Error(`Sign-up refused (${answer.status()}): ${await answer.text()}`);
  return email;
}

/** Whether anything sticks out sideways: the page scrolls horizontally only if something is too wide. */
export function scrollsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

export function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
