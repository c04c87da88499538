import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { COLLECTIONS } from "#core/collections.ts";
import { cookiePair } from "#core/cookie-header.ts";
import { VISITOR_MARK } from "#core/visitor-mark.ts";
import { PERSONAL_COOKIES } from "./cookies.ts";

/** A shared page is served as rendered for this long, and while it is re-rendered for this long after. */
export const FRESH_MS = 60_000;
export const STALE_MS = 10 * 60_000;
/** What a CDN in front may do with a shared page; browsers always ask again (and get a 304). */
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRESH_MS / 1000}, stale-while-revalidate=${STALE_MS / 1000}`;

/**
 * The shared header when the shelves' prices change in `untilChangeMs` (an offer starts or ends,
 * record 31): a CDN keeps the page, fresh and then stale, no longer than that.
 */
export function sharedCacheControl(untilChangeMs: number | null): string {
  if (untilChangeMs === null || untilChangeMs >= FRESH_MS + STALE_MS) return SHARED_CACHE_CONTROL;
  const seconds = Math.max(0, Math.floor(untilChangeMs / 1000));
  const fresh = Math.min(FRESH_MS / 1000, seconds);
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${seconds - fresh}`;
}
export const PERSONAL_CACHE_CONTROL = "private, no-store";

// A crawler walking every filter combination must not grow the cache without bound.
const MAX_ENTRIES = 1_000;
const MAX_BYTES = 64 * 1024 * 1024;
// The one cookie that shapes a shared page (its colours).
const THEME_COOKIE = "theme";
/**
 * Cookies that a shared page ignores: whose session or guest cart it is changes only the header's
 * counts and name, and the pincode checked only the delivery box, which the page fills in after it
 * loads (asking only when the visitor mark says there is something to ask for). Any other cookie
 * (a queued message, one the shop does not know) makes the request personal.
 */
const IGNORED_COOKIES = new Set<string>([...PERSONAL_COOKIES, VISITOR_MARK]);

const SHARED_PATHS = new Set([
  "/",
  "/allproducts",
  "/filter",
  "/sitemap.xml",
  "/robots.txt",
  ...COLLECTIONS.map((collection) => `/${collection.slug}`),
]);

/**
 * What a shared page was rendered from: the catalogue's version and the offers' clock (the last
 * start or end passed), as "version:tick"; a page of another is out of date.
 */
export type PageVersion = string;

export type SharedPage = {
  /** The catalogue version (and offers' clock) the page was rendered from. */
  version: PageVersion;
  renderedAt: number;
  contentType: string;
  body: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
  /** The hashes of the page's inline scripts, which its Content-Security-Policy allows instead of a nonce. */
  scriptHashes: string[];
};

/**
 * The cache key of a request that every visitor would get the same answer to, or null: only GET and
 * HEAD of the storefront's shared pages, carrying no cookie but the theme, a session and a guest
 * cart (see IGNORED_COOKIES). The key holds the origin (pages link to it) and the theme.
 */
export function sharedPageKey(request: { method: string; url: string; cookie?: string }, origin: string) {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url, origin);
  const path = url.pathname;
  if (!SHARED_PATHS.has(path) && !/^\/productinfo\/\d{1,9}$/.test(path)) return null;
  let theme = "";
  for (const part of (request.cookie ?? "").split(";")) {
    const [name = "", value = ""] = part.trim().split("=", 2);
    if (!name || IGNORED_COOKIES.has(name)) continue;
    if (name !== THEME_COOKIE || value.length > 64) return null;
    theme = value;
  }
  return `${origin}${path}${url.search}|${theme}`;
}

/** The Cookie header a shared page is rendered with: the theme alone, so that nothing personal shows. */
export function sharedRenderCookie(cookie: string | undefined): string | null {
  return cookiePair(cookie ?? "", THEME_COOKIE) ?? null;
}

/**
 * The answer's encoding: the one the client prefers of brotli and gzip by its q-values (brotli on
 * a tie), none that it refuses with q=0 however it spells the zero, else the bytes as they are.
 * The same parser as @fastify/compress and @fastify/static use, so every answer reads the header alike.
 */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const chosen = encodings.negotiate(acceptEncoding.toLowerCase());
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

const encodings = new Negotiator({ supportedValues: ["br", "gzip"] });

const brotli = promisify(brotliCompress);
/**
 * A brotli window of 256 KB, not the default 4 MB: a page is far smaller, so nothing is lost, and
 * each compression no longer allocates (and clears) megabytes it never uses.
 */
export const BROTLI_WINDOW_BITS = 18;
const gzipAsync = promisify(gzip);

/**
 * A rendered page made ready to share: the render's nonce taken out of the HTML (a nonce seen by
 * everyone protects nothing), its inline scripts hashed for the policy instead, and the bytes
 * compressed once. Brotli 5 and gzip 6: a page takes about a millisecond each, where brotli 9 took
 * seventy for 2 % fewer bytes, a cost no page kept for a minute pays back (see record 18).
 */
export async function sharedPageOf(
  rendered: { contentType: string; body: Buffer },
  nonce: string | undefined,
  version: PageVersion,
): Promise<SharedPage> {
  let body = rendered.body;
  let scriptHashes: string[] = [];
  if (rendered.contentType.startsWith("text/html")) {
    const html = nonce ? body.toString("utf8").replaceAll(` nonce="${nonce}"`, "") : body.toString("utf8");
    scriptHashes = inlineScriptHashes(html);
    body = Buffer.from(html);
  }
  const [brotliBody, gzipBody] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 6 }),
  ]);
  return {
    version,
    renderedAt: Date.now(),
    contentType: rendered.contentType,
    body,
    brotli: brotliBody,
    gzip: gzipBody,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    scriptHashes,
  };
}

/** The base64 SHA-256 of every inline script, as CSP 'sha256-…' sources name them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.add(
      createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64"),
    );
  }
  return [...hashes];
}

/** The policy for a shared page: this response's policy with its nonce replaced by the page's script hashes. */
export function sharedPagePolicy(policy: string, nonce: string | undefined, page: SharedPage): string {
  if (!nonce) return policy;
  return policy.replace(`'nonce-${nonce}'`, page.scriptHashes.map((hash) => `'sha256-${hash}'`).join(" "));
}

export type Lookup = { page: SharedPage; state: "fresh" | "stale" } | null;

/**
 * Shared pages in memory, each with the catalogue version (and offers' clock) it was rendered
 * from. A page of an older version is never served (a price change, or an offer that started or
 * ended, shows on the next request); a page of the current version is served fresh for a minute,
 * then stale while one request re-renders it.
 */
export class PageCache {
  readonly #pages = new Map<string, SharedPage>();
  readonly #renders = new Map<string, Promise<SharedPage | null>>();
  #bytes = 0;

  lookup(key: string, version: PageVersion, now = Date.now()): Lookup {
    const page = this.#pages.get(key);
    if (!page) return null;
    const age = now - page.renderedAt;
    if (page.version !== version || age > FRESH_MS + STALE_MS) {
      this.#drop(key);
      return null;
    }
    return { page, state: age <= FRESH_MS ? "fresh" : "stale" };
  }

  /**
   * The page kept for a key, whatever its version and age, without dropping it: what is served
   * while the database cannot be asked which version is current (record 33).
   */
  kept(key: string): SharedPage | null {
    return this.#pages.get(key) ?? null;
  }

  /**
   * Renders a page once however many ask for it at the same time; the others wait for that render.
   * The render answers null when its page turned out not to be shareable.
   */
  render(key: string, render: () => Promise<SharedPage | null>): Promise<SharedPage | null> {
    let pending = this.#renders.get(key);
    if (!pending) {
      pending = render()
        .then((page) => {
          if (page) this.#store(key, page);
          return page;
        })
        .finally(() => this.#renders.delete(key));
      this.#renders.set(key, pending);
    }
    return pending;
  }

  /** Whether a render of this page is under way (a stale page is then served without starting another). */
  rendering(key: string): boolean {
    return this.#renders.has(key);
  }

  get size(): number {
    return this.#pages.size;
  }

  #store(key: string, page: SharedPage): void {
    this.#drop(key);
    this.#pages.set(key, page);
    this.#bytes += weight(page);
    // Oldest first: a Map keeps insertion order, and a re-rendered page goes to the back.
    for (const oldest of this.#pages.keys()) {
      if (this.#pages.size <= MAX_ENTRIES && this.#bytes <= MAX_BYTES) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#bytes -= weight(page);
    this.#pages.delete(key);
  }
}

function weight(page: SharedPage): number {
  return page.body.length + page.brotli.length + page.gzip.length;
}
