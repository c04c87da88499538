import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { SCRIPT_STARTER, scriptsAfterFirstPaint } from "./scripts-after-first-paint.ts";

/** A page as React Router streams it: module preloads in the head, the module script at the end. */
const PAGE = [
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/framework-2.js" nonce="n0nce"/>',
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><main>कुर्ता ₹1,299 <b>a > b</b></main>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-3.js";\n',
  'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");</script>',
  '<script nonce="n0nce">$RC("B:1","S:1")</script></body></html>',
].join("");

async function streamed(chunks: Buffer[], nonce = "n0nce"): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint(nonce)));
}

describe("scripts after the first paint", () => {
  it("makes the module preloads and the module script inert and starts them from one script after it", async () => {
    const html = await streamed([Buffer.from(PAGE)]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html.match(/<link rel="x-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="n0nce" type="x-module">import * as route0');
    // The starter comes right after the module script, with the page's nonce; the rest is untouched.
    expect(html).toContain(
      `import("/assets/entry.client-1.js");</script><script nonce="n0nce">${SCRIPT_STARTER}</script><script nonce="n0nce">$RC(`,
    );
    const withoutStarter = html.replace(`<script nonce="n0nce">${SCRIPT_STARTER}</script>`, "");
    expect(withoutStarter.replaceAll("x-modulepreload", "modulepreload")).toBe(
      PAGE.replace(' type="module" async=""', ' type="x-module"'),
    );
  });

  it("gives the same page however the stream is cut, inside a tag or a character", async () => {
    const bytes = Buffer.from(PAGE);
    const whole = await streamed([bytes]);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await streamed([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toBe(whole);
    }
    const byteByByte = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await streamed(byteByByte)).toBe(whole);
  });

  it("leaves a page without scripts as it is, and puts no nonce where the page has none", async () => {
    const plain = "<html><body><p>Sitemap</p></body></html>";
    expect(await streamed([Buffer.from(plain)])).toBe(plain);
    const html = await streamed([Buffer.from(PAGE.replaceAll(' nonce="n0nce"', ""))], "");
    expect(html).toContain(`</script><script>${SCRIPT_STARTER}</script>`);
  });
});
