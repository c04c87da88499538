import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM_ARGS, findChromium } from "./chromium.ts";
import type { E2eShop } from "./shop-servers.ts";

export type PageOptions = {
  width?: number;
  height?: number;
  reducedMotion?: boolean;
  /** The device's colour preference (light unless said). */
  colorScheme?: "light" | "dark";
};

export type Journey = {
  shop: E2eShop;
  /** A fresh browser context (cookies, storage) and page on the shop. */
  newPage: (options?: PageOptions) => Promise<Page>;
};

/**
 * Runs browser journeys in Debian's Chromium against the shop on SQLite; a journey whose behaviour
 * differs on PostgreSQL (LISTEN/NOTIFY, several nodes) names both engines and runs on each that is
 * configured. What the two engines do alike is proved at the service and HTTP levels on both.
 * Without Chromium the journeys are skipped, loudly; under CI they fail.
 */
export function describeJourneys(
  name: string,
  journeys: (journey: () => Journey) => void,
  options: { engines?: E2eShop["engine"][] } = {},
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
  const engines = options.engines ?? ["sqlite"];
  const shops = inject("shops").filter((shop) => engines.includes(shop.engine));
  for (const shop of shops) {
    describe(`${name} [${shop.engine}]`, () => {
      let browser: Browser;
      const contexts: BrowserContext[] = [];
      beforeAll(async () => {
        browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
      });
      afterAll(async () => {
        for (const context of contexts) await context.close().catch(() => {});
        await browser?.close();
      });
      journeys(() => ({
        shop,
        newPage: async (options = {}) => {
          const context = await browser.newContext({
            baseURL: shop.baseUrl,
            viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
            reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
            colorScheme: options.colorScheme ?? "light",
          });
          contexts.push(context);
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          return page;
        },
      }));
    });
  }
}

/** Runs axe on the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  where = page.url(),
  options: { onlyRules?: string[] } = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself (the shop has no frames to follow), twice as fast.
  // Only violations are collected: the passes are not needed and cost as much again.
  // Colours caught halfway through a transition (after a theme switch) are not the page's colours.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (options.onlyRules) builder.withRules(options.onlyRules);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""));
  const summary = serious.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(" | ")})`,
  );
  expect(summary, where).toEqual([]);
}
