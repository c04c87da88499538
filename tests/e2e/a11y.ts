import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoSeriousA11yViolations } from "./browser.ts";
import { live, scrollsSideways } from "./shopper.ts";

/*
 * Every page, as a visitor, a customer and the administrator sees it, on a phone (375 px) and a
 * laptop (1366 px) in light mode and on the laptop in dark mode: axe finds no serious or critical
 * violation. Each page is loaded once and then looked at in each width and mode. The pages look
 * the same on either database, so the sweeps run on SQLite; each person's sweep is a file of its
 * own, so that two run at once. The tablet width is left to the walk-through's layout checks: its
 * layout is the laptop's (the same components from 768 px up), and a third width cost a third more
 * of the sweep.
 */
const WIDTHS = [375, 1366] as const;

/** A sweep loads a dozen pages and checks each three ways: its own limit, sized for a busy machine. */
export const SWEEP_TIMEOUT_MS = 240_000;
const THEMES = ["light", "dark"] as const;

/**
 * Transitions and animations end at once, so that each look sees the colours the page settles on
 * without waiting for them (a theme switch starts a colour transition on every element); and what
 * the page draws only when it comes near the screen is drawn, so that axe sees its colours too.
 */
const NO_TRANSITIONS =
  "*, *::before, *::after { transition: none !important; animation: none !important; content-visibility: visible !important; }";

/**
 * The page as it stands: every rule in light mode at both widths, and in dark mode the rules that
 * colours can break (the rest do not change with the mode) at the laptop's width. The dark palette
 * is one set of colour pairs whatever the width; what only a phone shows, its menu, is looked at in
 * dark mode by the visitor's sweep (decision record 17).
 */
export async function checkEveryWay(page: Page, what: string) {
  await page.addStyleTag({ content: NO_TRANSITIONS });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of width === WIDTHS[0] ? (["light"] as const) : THEMES) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await expectNoSeriousA11yViolations(page, `${what} (${theme}, ${width} px)`, {
        onlyRules: theme === "dark" ? ["color-contrast", "link-in-text-block"] : undefined,
      });
    }
  }
}

/** Phone to laptop, narrowest first: the widths at which a shopper's page must not scroll sideways. */
const FITTING_WIDTHS = [320, 375, 768, 1024, 1366] as const;

/**
 * Each page loaded once and looked at every way; with `fits`, also widened step by step from 320 to
 * 1366 px (a window dragged wider, a tablet turned), at none of which it may scroll sideways.
 */
export async function checkPages(page: Page, paths: readonly string[], options: { fits?: boolean } = {}) {
  for (const path of paths) {
    await live(page, path);
    if (options.fits) await expectWithinScreen(page, path);
    await checkEveryWay(page, path);
  }
}

/** The innermost elements that reach past the right edge, named as a developer would find them. */
function tooWide(page: Page): Promise<string> {
  return page.evaluate(() => {
    const over = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = over.filter((element) => !over.some((other) => other !== element && element.contains(other)));
    return innermost
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`)
      .join(", ");
  });
}

async function expectWithinScreen(page: Page, path: string) {
  for (const width of FITTING_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => scrollsSideways(page), { message: `${path} at ${width} px` })
      .toBe(false)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}; wider than the screen: ${await tooWide(page)}`);
      });
  }
}

export async function logIn(page: Page, email: string, password: string) {
  await live(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Login successful").waitFor();
}

export async function addFirstSize(page: Page, productPath: string) {
  await live(page, productPath);
  await page.getByLabel("Size").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.getByText("Added to cart").last().waitFor();
}

/** A product of the shop that is on sale: the first jewellery piece (one size, in stock). */
export async function firstProductPath(page: Page): Promise<string> {
  await live(page, "/jewellery");
  return (await page.locator("main article a").first().getAttribute("href")) ?? "/productinfo/1";
}
