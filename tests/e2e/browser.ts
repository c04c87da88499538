import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM_ARGS, findChromium } from "./chromium.ts";
import { type E2eShop, shopReady } from "./shop-servers.ts";
import { WarmPages } from "./warm-pages.ts";

export type PageOptions = {
  width?: number;
  height?: number;
  /**
   * The device asks for reduced motion (so the carousel stands still), unless a journey says
   * otherwise: a playing carousel keeps a software-rendered browser busy for half a core.
   */
  reducedMotion?: boolean;
  /** The device's colour preference (light unless said). */
  colorScheme?: "light" | "dark";
  /** A touch screen, which cannot hover (a tablet, a phone). */
  touch?: boolean;
};

export type Journey = {
  shop: E2eShop;
  /** A page on the shop as a first visit finds it: no cookies, no storage (see warm-pages.ts). */
  newPage: (options?: PageOptions) => Promise<Page>;
};

/**
 * Runs browser journeys in Debian's Chromium against the shop (on SQLite; see shop-servers.ts for
 * where PostgreSQL's own behaviour is proved). Without Chromium they are skipped, loudly; under CI
 * they fail.
 */
export function describeJourneys(
  name: string,
  journeys: (journey: () => Journey) => void,
  options: { images?: boolean } = {},
): void {
  const executablePath = findChromium();
  if (!executablePath) {
    describe(name, () => {
      it.runIf(process.env.CI === "true")("needs Chromium at /usr/bin/chromium or CHROMIUM_PATH", () => {
        throw new Error("Chromium is not installed, so the browser journeys cannot run.");
      });
    });
    return;
  }
  const shop = inject("shop");
  describe(name, () => {
    let pages: WarmPages;
    beforeAll(async () => {
      await shopReady(shop);
      pages = await warmPagesOf(executablePath, shop.baseUrl, options.images ?? false);
    });
    // A finished journey's pages leave their documents at once, so that their timers and streams
    // stop running, and wait for the next journey (of this file or the next) as a first visit
    // finds them.
    afterEach(async () => {
      await pages?.giveBack();
    });
    journeys(() => ({ shop, newPage: (pageOptions = {}) => pages.take(pageOptions) }));
  });
}

/**
 * One Chromium per worker and kind of page (with or without pictures), with its warm pages, kept
 * from one file to the next: a launch and a renderer's cold start cost about a second of the
 * machine's CPU, and a worker runs a dozen files. The browser goes with the worker's process
 * (Playwright ends the browsers it launched when its process exits); one that crashed or was
 * closed is launched again.
 */
const workerBrowsers = new Map<boolean, { browser: Browser; pages: WarmPages }>();

async function warmPagesOf(executablePath: string, baseUrl: string, images: boolean): Promise<WarmPages> {
  const kept = workerBrowsers.get(images);
  if (kept?.browser.isConnected()) return kept.pages;
  // Pictures are not loaded unless a journey looks at them: no other journey reads a pixel, and
  // the shop is spared sending them.
  const args = images ? CHROMIUM_ARGS : [...CHROMIUM_ARGS, "--blink-settings=imagesEnabled=false"];
  const browser = await chromium.launch({ executablePath, args });
  const pages = new WarmPages(browser, baseUrl);
  workerBrowsers.set(images, { browser, pages });
  return pages;
}

/** axe-core's browser build, put into a page once and run there as often as the page is looked at. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe in the page and fails on any serious or critical violation. axe is put into the page once
 * per document and called directly: building it again for every look cost four times the look.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  where = page.url(),
  options: { onlyRules?: string[] } = {},
): Promise<void> {
  // Colours caught halfway through a transition (after a theme switch) are not the page's colours.
  // Reading a layout first makes the browser apply the latest style change, which starts them.
  await page.evaluate(() => {
    document.documentElement.getBoundingClientRect();
    return Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });

  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // A colour caught while the page still settles (a transition that started late, a re-render)
  // is looked at again; a violation that stays for the whole wait is the page's.
  await expect.poll(() => seriousViolations(page, options.onlyRules), { message: where, timeout: 5_000 }).toEqual([]);
}

/** axe's serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page, onlyRules: string[] | undefined): Promise<string[]> {
  // Only violations are collected: the passes are not needed and cost as much again.
  const violations = await page.evaluate(
    (rules) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run(document, {
          resultTypes: ["violations"],
          ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
        })
        .then((result) => result.violations),
    onlyRules,
  );
  return violations
    .filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join(" | ")})`,
    );
}
