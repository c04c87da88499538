/**
 * `npm run bench:first-load`: the JavaScript a first visit to home, a listing and a product page
 * loads before the page is interactive (every module the HTML preloads or imports), gzip-compressed,
 * split into the bare framework (what the client entry imports: React and React Router) and the rest;
 * and the same for the administrator's dashboard, signed in. The Hindi pages (record 47) count their
 * catalogue's chunk, which the client entry imports before it hydrates, and the Devanagari font files
 * their stylesheet names (WOFF2, compressed already: counted as they are). An HTML-first page
 * (record 48) has no framework: its islands' script and what that imports; the code its islands load
 * once the page is up (the carousel's) is printed beside it, as the most the page can load after.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { ROOT, startShopProcess } from "../scripts/shop-process.ts";
import { liveBrowser } from "../tests/http/live-shop.ts";

const CLIENT = path.join(ROOT, "build", "client");

function gzipBytes(asset: string): number {
  return gzipSync(readFileSync(path.join(CLIENT, asset))).length;
}

/** The assets a module imports statically, and theirs, by following `from "./x.js"` in the files. */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const asset = queue.pop() as string;
    if (seen.has(asset)) continue;
    seen.add(asset);
    const text = readFileSync(path.join(CLIENT, asset), "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(asset), match[1] as string));
    }
  }
  return seen;
}

function scriptsOf(html: string): Set<string> {
  const assets = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="\/(assets\/[^"]+\.js)"|import\s*\(?\s*"\/(assets\/[^"]+\.js)"/g)) {
    assets.add((match[1] ?? match[2]) as string);
  }
  return assets;
}

/** The modules a script loads on demand (`import("./x.js")`), and what they import. */
function onDemand(scripts: Set<string>): Set<string> {
  const later = new Set<string>();
  for (const asset of scripts) {
    const text = readFileSync(path.join(CLIENT, asset), "utf8");
    for (const match of text.matchAll(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)) {
      for (const chunk of staticClosure(path.posix.join(path.posix.dirname(asset), match[1] as string))) {
        if (!scripts.has(chunk)) later.add(chunk);
      }
    }
  }
  return later;
}

/** The Hindi catalogue's chunk, which the client entry imports on a Hindi page only. */
function hindiCatalogue(): string[] {
  return readdirSync(path.join(CLIENT, "assets"))
    .filter((name) => /^hi-IN-.*\.js$/.test(name))
    .map((name) => `assets/${name}`);
}

/**
 * The bytes of the font files a page declares, in its stylesheets or inline in its head (each weight
 * the page can use), or names for an island to fetch once the page has painted (`data-font-file`,
 * the Hindi pages' font on a device without its own copy), and of those it preloads (fetched at
 * once, whatever the text needs).
 */
function fontFilesOf(html: string): { declared: number; preloaded: number } {
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] as string);
  for (const match of html.matchAll(/<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/g)) {
    css.push(readFileSync(path.join(CLIENT, match[1] as string), "utf8"));
  }
  const declared = new Set([
    ...css.flatMap((text) => [...text.matchAll(/url\("?\/(assets\/[^")]+\.woff2)"?\)/g)].map((m) => m[1] as string)),
    ...[...html.matchAll(/data-font-file="\/(assets\/[^"]+\.woff2)"/g)].map((m) => m[1] as string),
  ]);
  const preloaded = new Set(
    [...html.matchAll(/<link rel="preload" as="font"[^>]*href="\/(assets\/[^"]+\.woff2)"/g)].map((m) => m[1] as string),
  );
  const bytes = (files: Set<string>) =>
    [...files].reduce((sum, file) => sum + readFileSync(path.join(CLIENT, file)).length, 0);
  return { declared: bytes(declared), preloaded: bytes(preloaded) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-first-load-"));
const shop = await startShopProcess({ DATABASE_URL: `file:${path.join(dataDir, "shop.db")}` });
try {
  const listing = "/pakistani-suits";
  const listingHtml = await (await fetch(`${shop.baseUrl}${listing}`)).text();
  const productPath = listingHtml.match(/href="(\/productinfo\/\d+)"/)?.[1] ?? "/productinfo/1";
  // The administrator's dashboard, signed in, beside the storefront's pages.
  const admin = liveBrowser();
  await admin.post(shop.baseUrl, "/login", { email: "admin@example.com", password: "Bench-admin-password-1" });
  console.log("First-load JavaScript (gzip):");
  for (const page of ["/", listing, productPath, "/hi", `/hi${listing}`, `/hi${productPath}`, "/dashboard"]) {
    const html = (await admin.get(shop.baseUrl, page)).body;
    const assets = scriptsOf(html);
    const entry = [...assets].find((asset) => asset.includes("entry.client"));
    const islands = [...assets].find((asset) => /\/islands-[\w-]+\.js$/.test(asset));
    if (entry && html.includes('<html lang="hi-IN"')) for (const chunk of hindiCatalogue()) assets.add(chunk);
    if (islands) for (const chunk of staticClosure(islands)) assets.add(chunk);
    const framework = entry ? staticClosure(entry) : new Set<string>();
    let total = 0;
    let frameworkBytes = 0;
    for (const asset of assets) {
      const size = gzipBytes(asset);
      total += size;
      if (framework.has(asset)) frameworkBytes += size;
    }
    const fonts = fontFilesOf(html);
    const later = islands ? [...onDemand(assets)].reduce((sum, chunk) => sum + gzipBytes(chunk), 0) : 0;
    console.log(
      `  ${page.padEnd(24)} fonts ${kb(fonts.declared).padStart(8)} (preloaded ${kb(fonts.preloaded)}) · total ${kb(total).padStart(9)} · framework ${kb(frameworkBytes).padStart(9)} · above the framework ${kb(total - frameworkBytes).padStart(8)} (${assets.size} files)${islands ? ` · islands, at most ${kb(later)} more once up` : ""}`,
    );
  }
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
