/**
 * `npm run bench:phone`: what a slow phone's main thread does while home, a listing and a product
 * page load, and how long a shopper's taps take on the product page, in Debian's Chromium with its
 * CPU slowed down (CDP's CPU throttling, 4× by default as Lighthouse's phone; `--cpu N` to change).
 *
 * - Load: the long tasks (over 50 ms, as measured under the slowdown) from the first contentful
 *   paint until the network and the thread are quiet, their total blocking time (each task's time
 *   past 50 ms, as Lighthouse counts it), and what the thread spent its time on from the document's
 *   request, by kind (script, style and layout, HTML parsing,
 *   paint, image decoding, other), from the browser's own trace.
 * - Taps: interaction to next paint for choosing a size and for pressing Add To Cart (the
 *   browser's Event Timing entries, the longest of each interaction), on a page that has finished
 *   loading. `--hindi` adds the /hi pages. `--runs N` (default 3) loads each page N times and prints
 *   the medians. `--slow-line` loads over Lighthouse's slow 4G, applied by the browser (its latency
 *   and throughput), so that what arrives late on a phone's line (a font, a picture) arrives late
 *   here too, not at once as from this machine. `--slow-host N` holds the browser to N % of one
 *   core (bench/slow-host.ts), as a slow host would. `--fonts <folder>` gives the browser the fonts
 *   in that folder too, as a phone has its own (bench/device-fonts.ts). Runs the production build
 *   on SQLite with the demo catalogue.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { throttling } from "lighthouse/core/config/constants.js";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { startShopProcess } from "../scripts/shop-process.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { deviceFontsEnvironment } from "./device-fonts.ts";
import { median } from "./median.ts";
import { slowHostChromium } from "./slow-host.ts";

const { values: options } = parseArgs({
  options: {
    cpu: { type: "string", default: "4" },
    runs: { type: "string", default: "3" },
    hindi: { type: "boolean", default: false },
    "slow-line": { type: "boolean", default: false },
    "slow-host": { type: "string" },
    fonts: { type: "string" },
  },
});
const cpu = Number(options.cpu);
const runs = Number(options.runs);
const slowLine = options["slow-line"];
const slowHostShare = options["slow-host"] === undefined ? null : Number(options["slow-host"]);
const wholeChromium = findChromium({ whole: true });
if (!wholeChromium) throw new Error("Chromium is needed: install it at /usr/bin/chromium or set CHROMIUM_PATH.");

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; cat: string };

/** What a trace event's time is spent on, by the names Chromium gives its work. */
function kindOf(name: string): string {
  if (
    /^(EvaluateScript|v8\.|V8\.|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.compile|CompileScript|ScriptEvaluation)/.test(
      name,
    )
  )
    return "script";
  if (
    /^(UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation|InvalidateLayout|UpdateLayerTree|HitTest)/.test(
      name,
    )
  )
    return "style & layout";
  if (/^(ParseHTML|ParseAuthorStyleSheet)/.test(name)) return "parse";
  if (/^(Paint|PrePaint|CompositeLayers|Commit|RasterTask|Layerize)/.test(name)) return "paint";
  if (/Decode/i.test(name)) return "image decode";
  return "other";
}

/** The page's main thread: the renderer thread that parsed the most HTML (a trace holds other renderers). */
function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } | null {
  const parsing = new Map<string, number>();
  for (const event of events) {
    if (event.name !== "ParseHTML") continue;
    const key = `${event.pid}:${event.tid}`;
    parsing.set(key, (parsing.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [busiest] = [...parsing.entries()].sort((a, b) => b[1] - a[1]);
  if (!busiest) return null;
  const [pid = 0, tid = 0] = busiest[0].split(":").map(Number);
  return { pid, tid };
}

/** Long tasks and the time by kind on the main thread, from a load's trace. */
function mainThreadFigures(events: TraceEvent[]) {
  const main = mainThreadOf(events);
  if (!main) return { blocking: Number.NaN, longTasks: [] as number[], byKind: new Map<string, number>() };
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X");
  const tasks = onMain.filter((event) => event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask");
  // As Lighthouse's total blocking time: the long tasks after the first contentful paint.
  const painted = events.find((event) => event.name === "firstContentfulPaint" && event.pid === main.pid)?.ts ?? 0;
  const longTasks = tasks
    .filter((task) => task.ts >= painted)
    .map((task) => (task.dur ?? 0) / 1000)
    .filter((ms) => ms > 50);
  const blocking = longTasks.reduce((sum, ms) => sum + (ms - 50), 0);
  // Each task's time goes to the kind of its direct children (the rest of the task is "other").
  const byKind = new Map<string, number>();
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const children = onMain.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts < end && !tasks.includes(event),
    );
    let covered = 0;
    let reach = task.ts;
    for (const child of children.sort((a, b) => a.ts - b.ts)) {
      if (child.ts < reach) continue;
      const dur = Math.min(child.dur ?? 0, end - child.ts);
      byKind.set(kindOf(child.name), (byKind.get(kindOf(child.name)) ?? 0) + dur / 1000);
      covered += dur;
      reach = child.ts + dur;
    }
    byKind.set("other", (byKind.get("other") ?? 0) + ((task.dur ?? 0) - covered) / 1000);
  }
  return { blocking, longTasks, byKind };
}

async function tracedLoad(page: Page, url: string) {
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser");
  const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "blink.user_timing"];
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: "networkidle" });
  // The thread settles after the network: hydration and idle work come after the last response.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  return mainThreadFigures(trace.traceEvents);
}

/** The slowest Event Timing entry of each interaction the page records from now on. */
async function watchInteractions(page: Page) {
  await page.evaluate(() => {
    const slowest = new Map<number, number>();
    (window as unknown as { __interactions: Map<number, number> }).__interactions = slowest;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        slowest.set(entry.interactionId, Math.max(slowest.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

async function lastInteraction(page: Page): Promise<number> {
  // Event Timing entries are reported after the next paint; give the page two frames to report.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(0);
  return page.evaluate(() => {
    const slowest = (window as unknown as { __interactions: Map<number, number> }).__interactions;
    const last = [...slowest.keys()].pop();
    return last === undefined ? 0 : (slowest.get(last) ?? 0);
  });
}

/** Interaction to next paint for a size chosen and Add To Cart pressed, on a loaded product page. */
async function productTaps(page: Page, url: string) {
  await page.goto(url, { waitUntil: "networkidle" });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await watchInteractions(page);
  // A size chosen from the keyboard (a select's list is the browser's own, outside the page).
  await page.getByLabel(/^(Size|साइज़)$/).focus();
  await page.keyboard.press("ArrowDown");
  const chooseSize = await expectInteraction(page);
  await page.getByRole("button", { name: /^(Add To Cart|कार्ट में डालें)$/ }).click();
  const addToCart = await expectInteraction(page);
  return { chooseSize, addToCart };
}

async function expectInteraction(page: Page): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ms = await lastInteraction(page);
    if (ms > 0 || Date.now() - started > 3000) return ms;
  }
}

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-phone-"));
const slowHost = slowHostShare === null ? null : slowHostChromium(wholeChromium, slowHostShare, dataDir);
const shop = await startShopProcess({ DATABASE_URL: `file:${path.join(dataDir, "shop.db")}` });
// --fonts <folder>: Chromium sees the fonts in that folder too, as a phone sees the ones it carries.
const fonts = options.fonts === undefined ? {} : deviceFontsEnvironment(options.fonts, dataDir);
const browser = await chromium.launch({
  executablePath: slowHost?.chromePath ?? wholeChromium,
  args: CHROMIUM_ARGS,
  env: { ...process.env, ...fonts },
});
try {
  const listing = "/pakistani-suits";
  const listingHtml = await (await fetch(`${shop.baseUrl}${listing}`)).text();
  const product = listingHtml.match(/href="(\/productinfo\/\d+)"/)?.[1] ?? "/productinfo/1";
  const english = ["/", listing, product];
  // Every visit is a first one: a fresh profile has no cached files, so no compiled code to reuse
  // (V8 keeps it beside the cached script), as on a shopper's first visit and in Lighthouse.
  const phone = async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const session: CDPSession = await context.newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    if (slowLine) {
      const line = throttling.mobileSlow4G;
      await session.send("Network.enable");
      await session.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: line.requestLatencyMs,
        downloadThroughput: (line.downloadThroughputKbps * 1024) / 8,
        uploadThroughput: (line.uploadThroughputKbps * 1024) / 8,
      });
    }
    return page;
  };
  // The shop's own caches (pages, pictures) are warm, as on a shop that has been up a while.
  for (const address of ["/", listing, product]) await fetch(`${shop.baseUrl}${address}`);
  const pages = options.hindi ? [...english, "/hi", `/hi${listing}`, `/hi${product}`] : english;
  const line = slowLine ? ", on a slow 4G line" : "";
  const host = slowHostShare ? `, the browser held to ${slowHostShare} % of one core` : "";
  const own = options.fonts ? `, with the fonts in ${options.fonts}` : "";
  console.log(`A phone's main thread, CPU ${cpu}× slower${host}${line}${own}, ${runs} first visits a page (medians):`);
  for (const address of pages) {
    const loads: ReturnType<typeof mainThreadFigures>[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await phone();
      loads.push(await tracedLoad(page, `${shop.baseUrl}${address}`));
      await page.context().close();
    }
    const kinds = [...new Set(loads.flatMap((load) => [...load.byKind.keys()]))]
      .map((kind) => [kind, median(loads.map((load) => load.byKind.get(kind) ?? 0))] as const)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
      .join(" · ");
    const blocking = median(loads.map((load) => load.blocking));
    const longest = median(loads.map((load) => Math.max(0, ...load.longTasks)));
    const count = median(loads.map((load) => load.longTasks.length));
    console.log(
      `  ${address.padEnd(20)} blocking ${blocking.toFixed(0)} ms in ${count} long tasks (longest ${longest.toFixed(0)} ms) · thread ms: ${kinds}`,
    );
  }
  for (const address of pages.filter((address) => address.includes("/productinfo/"))) {
    const taps = [];
    for (let run = 0; run < runs; run++) {
      const page = await phone();
      taps.push(await productTaps(page, `${shop.baseUrl}${address}`));
      await page.context().close();
    }
    console.log(
      `  ${address.padEnd(20)} interaction to next paint: choose a size ${median(taps.map((tap) => tap.chooseSize)).toFixed(0)} ms · Add To Cart ${median(taps.map((tap) => tap.addToCart)).toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  await slowHost?.release();
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
