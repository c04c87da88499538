import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";

/*
 * Shoppers on a sale day, as their browsers talk to the shop: each one a cookie jar and a loop of
 * steps, timed step by step. Four in five browse and buy as guests; one in five signs in, keeps a
 * wishlist and pays part of the order with points.
 */

export type Step =
  | "listing"
  | "search"
  | "product"
  | "add to cart"
  | "guest checkout"
  | "log in"
  | "wishlist"
  | "checkout with points";

export type Tally = {
  /** Milliseconds each answered request of a step took. */
  times: Map<Step, number[]>;
  /** Answers that were not the shop's to give: 5xx, a dropped connection, a timeout. */
  errors: Map<Step, number>;
  /** Answers that refused the shopper (4xx): sold out, a form the shop did not take. */
  refusals: Map<Step, number>;
  orders: number;
  requests: number;
  /** Pages by how the page cache answered them (HIT, STALE, MISS, or "personal" when it did not). */
  pageCache: Map<string, number>;
};

export type Catalogue = { products: { id: number; size: string }[]; collections: string[] };

const SORTS = ["low", "high", "new", "popular"];
const WORDS = ["kurta", "saree", "silk", "cotton", "anarkali", "jhumka", "bag", "dress", "suit", "lehenga"];
const REQUEST_TIMEOUT_MS = 30_000;

export function newTally(): Tally {
  return { times: new Map(), errors: new Map(), refusals: new Map(), orders: 0, requests: 0, pageCache: new Map() };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

let browsersMade = 0;

/**
 * The address a shopper comes from, as the shop's proxy would pass it on (the shop runs with
 * TRUST_PROXY=1): a crowd comes from many addresses, and the shop's per-address limits are sized for
 * one household or office, not for a whole sale day from one. Addresses of the range kept for
 * benchmarks (198.18.0.0/15); they only ever travel in a header to the shop on this machine.
 */
function nextShopperAddress(): string {
  browsersMade++;
  return `198.18.${Math.floor(browsersMade / 250) % 256}.${(browsersMade % 250) + 1}`;
}

/**
 * A browser: a cookie jar and one kept-alive connection, the shop's origin on every form, every
 * answer read to its end (and not decoded: the bench's own work should be small beside the shop's,
 * which node:http's is and fetch's is not).
 */
class Browser {
  #cookies = new Map<string, string>();
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  readonly #address = nextShopperAddress();
  readonly baseUrl: string;
  readonly tally: Tally;

  constructor(baseUrl: string, tally: Tally) {
    this.baseUrl = baseUrl;
    this.tally = tally;
  }

  get(step: Step, path: string) {
    return this.#send(step, path, "GET");
  }

  post(step: Step, path: string, fields: Record<string, string>) {
    return this.#send(step, path, "POST", new URLSearchParams(fields).toString());
  }

  /**
   * A page or a form, as a browser sends it from the address bar or a plain form (Sec-Fetch-Mode:
   * navigate), the redirect after a form followed: what a shopper waits for is both.
   */
  async #send(step: Step, path: string, method: string, body?: string): Promise<{ status: number; location: string }> {
    const answer = await this.#sendOne(step, path, method, body);
    if (answer.status >= 300 && answer.status < 400 && answer.location.startsWith("/"))
      await this.#sendOne(step, answer.location, "GET");
    return answer;
  }

  async #sendOne(
    step: Step,
    path: string,
    method: string,
    body?: string,
  ): Promise<{ status: number; location: string }> {
    const started = performance.now();
    this.tally.requests++;
    try {
      const headers: Record<string, string> = {
        cookie: this.#cookieHeader(),
        "x-forwarded-for": this.#address,
        "accept-encoding": "br, gzip",
        "sec-fetch-mode": "navigate",
      };
      if (body !== undefined) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        headers.origin = this.baseUrl;
      }
      const answer = await this.#exchange(path, method, headers, body);
      this.#keepCookies(answer.setCookies);
      this.tally.pageCache.set(answer.cache, (this.tally.pageCache.get(answer.cache) ?? 0) + 1);
      const times = this.tally.times.get(step) ?? [];
      times.push(performance.now() - started);
      this.tally.times.set(step, times);
      if (answer.status >= 500) count(this.tally.errors, step);
      else if (answer.status >= 400) count(this.tally.refusals, step);
      return { status: answer.status, location: answer.location };
    } catch {
      count(this.tally.errors, step);
      return { status: 0, location: "" };
    }
  }

  #exchange(path: string, method: string, headers: Record<string, string>, body?: string) {
    return new Promise<{ status: number; location: string; cache: string; setCookies: string[] }>((resolve, reject) => {
      const sent = request(`${this.baseUrl}${path}`, { method, headers, agent: this.#agent }, (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? "",
            cache: String(response.headers["x-cache"] ?? (method === "GET" ? "personal" : "form")),
            setCookies: response.headers["set-cookie"] ?? [],
          }),
        );
        response.on("error", reject);
      });
      sent.setTimeout(REQUEST_TIMEOUT_MS, () => sent.destroy(new Error("timed out")));
      sent.on("error", reject);
      sent.end(body);
    });
  }

  #cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  #keepCookies(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = ""] = header.split(";");
      const [name = "", ...value] = pair.split("=");
      if (/max-age=0/i.test(header)) this.#cookies.delete(name);
      else this.#cookies.set(name, value.join("="));
    }
  }
}

function count(map: Map<Step, number>, step: Step): void {
  map.set(step, (map.get(step) ?? 0) + 1);
}

const ADDRESS = {
  name: "Sale Shopper",
  address: "12 Linking Road, Bandra West",
  city: "Mumbai",
  stateCode: "27",
  pincode: "400050",
  phone: "9820012345",
};

/** Looks around: a listing (sorted some way, sometimes a search), then a product or two. */
async function browse(browser: Browser, catalogue: Catalogue): Promise<{ id: number; size: string }> {
  if (Math.random() < 0.3) await browser.get("search", `/allproducts?q=${pick(WORDS)}&sort=${pick(SORTS)}`);
  else await browser.get("listing", `/${pick(catalogue.collections)}?sort=${pick(SORTS)}`);
  const piece = pick(catalogue.products);
  await browser.get("product", `/productinfo/${piece.id}`);
  return piece;
}

/** A visitor who browses, and now and then buys what they saw as a guest. */
export async function guestShopper(baseUrl: string, catalogue: Catalogue, tally: Tally, until: number) {
  const browser = new Browser(baseUrl, tally);
  while (Date.now() < until) {
    const piece = await browse(browser, catalogue);
    if (Math.random() < 0.4) {
      await browser.post("add to cart", "/cart", { intent: "add", productId: String(piece.id), size: piece.size });
      if (Math.random() < 0.5) {
        const email = `guest-${randomUUID().slice(0, 8)}@sale.test`;
        const placed = await browser.post("guest checkout", "/guest", {
          ...ADDRESS,
          email,
          idempotencyKey: randomUUID(),
        });
        if (placed.status === 302 && placed.location.startsWith("/orders/")) tally.orders++;
      }
    }
  }
}

/** A customer who signs in once, keeps a wishlist, and orders with their points. */
export async function signedInShopper(
  baseUrl: string,
  catalogue: Catalogue,
  tally: Tally,
  until: number,
  account: { email: string; password: string },
) {
  const browser = new Browser(baseUrl, tally);
  await browser.post("log in", "/login", { email: account.email, password: account.password, redirectTo: "/" });
  while (Date.now() < until) {
    const piece = await browse(browser, catalogue);
    if (Math.random() < 0.5) {
      await browser.post("wishlist", "/wishlist", { intent: "add", productId: String(piece.id), size: piece.size });
    }
    if (Math.random() < 0.3) {
      await browser.post("add to cart", "/cart", { intent: "add", productId: String(piece.id), size: piece.size });
      const placed = await browser.post("checkout with points", "/cart?checkout&redeem=1", {
        ...ADDRESS,
        intent: "checkout",
        idempotencyKey: randomUUID(),
        redeemPoints: "1",
      });
      if (placed.status === 302 && placed.location.startsWith("/order")) tally.orders++;
    }
  }
}

/** Signs up the customers of the sale before it starts. */
export async function signUpCustomers(baseUrl: string, count: number): Promise<{ email: string; password: string }[]> {
  const accounts = Array.from({ length: count }, (_, index) => ({
    email: `customer-${index}-${randomUUID().slice(0, 6)}@sale.test`,
    password: "Sale-day-password-1",
  }));
  const tally = newTally();
  for (const account of accounts) {
    const browser = new Browser(baseUrl, tally);
    const answer = await browser.post("log in", "/signup", { name: "Sale Customer", ...account, redirectTo: "/" });
    if (answer.status !== 302) throw new Error(`Signing up ${account.email} answered ${answer.status}.`);
  }
  return accounts;
}
