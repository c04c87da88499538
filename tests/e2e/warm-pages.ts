import type { Browser, BrowserContext, Page } from "playwright-core";
import type { PageOptions } from "./browser.ts";
import { shopperAddress } from "./shopper-addresses.ts";
import { within } from "./within.ts";

type Warm = { context: BrowserContext; page: Page; touch: boolean };

/**
 * The pages journeys are given, kept warm from one journey to the next and one file to the next. A
 * browser context's first page costs a renderer process and a cold start of the shop's scripts and
 * stylesheet: about 0.5 s of the machine's CPU more than the same page in a renderer that has
 * already shown the shop (measured over ten product pages: 0.80 s against 0.24 s each). A page
 * stays in its renderer as long as it stays on the shop's site, so between journeys it is put back
 * as a first-time visitor would find it, still on the site: the previous document left (its timers
 * and streams stop), cookies and storage emptied, the journey's listeners and routes removed, the
 * pointer taken off the page. A page that cannot be put back so (a second page or a popup in its
 * context, a clock installed into its scripts) is closed with its context instead. Only the HTTP
 * cache is kept, as a returning browser keeps it: the shop's pages are revalidated on every load
 * (`max-age=0` or `no-store`), so what a journey reads is still the shop's answer of the moment.
 */
export class WarmPages {
  readonly #idle: Warm[] = [];
  readonly #lent: Warm[] = [];
  readonly #browser: Browser;
  readonly #baseUrl: string;

  constructor(browser: Browser, baseUrl: string) {
    this.#browser = browser;
    this.#baseUrl = baseUrl;
  }

  /** A page as a first visit finds it, with the journey's screen and preferences. */
  async take(options: PageOptions = {}): Promise<Page> {
    const touch = options.touch ?? false;
    const index = this.#idle.findIndex((warm) => warm.touch === touch);
    const warm = index >= 0 ? this.#idle.splice(index, 1)[0] : await this.#open(touch);
    if (!warm) throw new Error("no page to give");
    this.#lent.push(warm);
    const { page } = warm;
    // A first visit comes from a network of its own, as each real shopper does.
    await warm.context.setExtraHTTPHeaders({ "X-Forwarded-For": shopperAddress() });
    await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 900 });
    await page.emulateMedia({
      colorScheme: options.colorScheme ?? "light",
      reducedMotion: options.reducedMotion === false ? "no-preference" : "reduce",
    });
    page.setDefaultTimeout(15_000);
    page.setDefaultNavigationTimeout(15_000);
    return page;
  }

  /** After a journey: each page it was given is put back, or closed if it cannot be. */
  async giveBack(): Promise<void> {
    for (const warm of this.#lent.splice(0)) {
      if (await this.#putBack(warm).catch(() => false)) this.#idle.push(warm);
      else await warm.context.close().catch(() => {});
    }
  }

  async #open(touch: boolean): Promise<Warm> {
    const context = await this.#browser.newContext({ baseURL: this.#baseUrl, hasTouch: touch });
    return { context, page: await context.newPage(), touch };
  }

  /** Put back within a few seconds, or not at all: a page held by a dialog or a stuck script is closed. */
  #putBack(warm: Warm): Promise<boolean> {
    return within(PUT_BACK_MS, this.#reset(warm), false);
  }

  async #reset({ context, page }: Warm): Promise<boolean> {
    if (page.isClosed() || context.pages().length !== 1) return false;
    for (const event of PAGE_EVENTS) await page.removeAllListeners(event, { behavior: "ignoreErrors" });
    for (const event of CONTEXT_EVENTS) await context.removeAllListeners(event, { behavior: "ignoreErrors" });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    // A small page of the shop's own: the journey's document is gone, the renderer stays. A clock a
    // journey installed comes back with every document of the context.
    await page.goto("/robots.txt", { timeout: PUT_BACK_MS });
    if (!(await ownTimers(page))) return false;
    await context.clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.mouse.move(-1, -1);
    return true;
  }
}

const PUT_BACK_MS = 5_000;

// What a journey may listen to. Not "close" or "crash": Playwright's own listeners wait on those.
const PAGE_EVENTS = [
  "console",
  "dialog",
  "domcontentloaded",
  "download",
  "filechooser",
  "frameattached",
  "framedetached",
  "framenavigated",
  "load",
  "pageerror",
  "popup",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "websocket",
  "worker",
] as const;
const CONTEXT_EVENTS = [
  "console",
  "dialog",
  "page",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "weberror",
] as const;

/** Whether the page's clock is the browser's own, not one a journey installed. */
function ownTimers(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [Date.now, setTimeout, setInterval, requestAnimationFrame, performance.now].every((native) =>
      /\[native code\]/.test(Function.prototype.toString.call(native)),
    ),
  );
}
