import http from "node:http";
import type { ProductInput } from "#server/catalog/catalog.schemas.ts";
import { checkoutDetails } from "#server/testing/factories.ts";

/** A guest checkout form as a browser posts it, with a fresh idempotency key (and e-mail). */
export function checkoutForm(email?: string): Record<string, string> {
  const { redeemPoints: _, ...details } = checkoutDetails(email ? { email } : {});
  return details as Record<string, string>;
}

/** A product for the tests against running shops: one size, in the Ethnic collection. */
export function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    title: "Last Ten Lehenga",
    price: 499_900,
    images: ["https://example.com/lehenga.jpg"],
    category: "Ethnic",
    type: "Lehenga",
    fabric: "Silk",
    description: "Ten left for the sale.",
    description1: "",
    flags: {
      isPakistaniSuits: false,
      isKoreanTrendy: false,
      isPinterestFinds: false,
      isAnarkaliDress: false,
      isWestern: false,
      isEthnic: true,
      isAccessories: false,
      isHandbags: false,
      isJewellery: false,
      isMore: false,
    },
    sizes: [{ size: "M", stock: 10 }],
    ...overrides,
  };
}

export type LiveAnswer = { status: number; location: string; body: string };

/**
 * A shopper's browser against running shop processes (one or several nodes): a cookie jar, the
 * node's origin on every form, and every response read to the end so that its connection is free
 * again (and the shop can stop cleanly).
 */
export function liveBrowser(options: { address?: string } = {}) {
  let cookie = "";
  // A shop behind a proxy it trusts reads the client's address from X-Forwarded-For.
  const from: Record<string, string> = options.address ? { "x-forwarded-for": options.address } : {};
  const send = async (url: string, init: RequestInit = {}): Promise<LiveAnswer> => {
    const response = await fetch(url, {
      redirect: "manual",
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...from, cookie },
    });
    const body = await response.text();
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0] ?? "";
      const name = pair.split("=")[0];
      const kept = cookie.split("; ").filter((entry) => entry && !entry.startsWith(`${name}=`));
      cookie = (/max-age=0/i.test(header) ? kept : [...kept, pair]).join("; ");
    }
    return { status: response.status, location: response.headers.get("location") ?? "", body };
  };
  return {
    get cookie() {
      return cookie;
    },
    get: (baseUrl: string, url: string) => send(`${baseUrl}${url}`),
    post: (baseUrl: string, url: string, fields: Record<string, string>) =>
      send(`${baseUrl}${url}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
        body: new URLSearchParams(fields),
      }),
    postRaw: (baseUrl: string, url: string, payload: Buffer, headers: Record<string, string>) =>
      send(`${baseUrl}${url}`, {
        method: "POST",
        headers: { ...headers, origin: baseUrl },
        body: new Uint8Array(payload),
      }),
  };
}

/**
 * One guest buying one piece of size M, as a browser does it: answers the order's secret token,
 * or null when the shop refused (sold out, most often).
 */
export async function buyOne(baseUrl: string, productId: number, email: string): Promise<string | null> {
  const browser = liveBrowser();
  const added = await browser.post(baseUrl, "/cart", { intent: "add", productId: String(productId), size: "M" });
  if (added.status >= 400) return null;
  const placed = await browser.post(baseUrl, "/guest", checkoutForm(email));
  return placed.status === 302 && placed.location.startsWith("/orders/")
    ? placed.location.slice("/orders/".length)
    : null;
}

/** An order event as the administrator's live feed sends it. */
export type FeedEvent = {
  id: number;
  orderId: number;
  orderNumber: string;
  name: string;
  from: string | null;
  to: string;
};

/**
 * Follows a shop's live order feed as a browser's EventSource would: the events so far, the status
 * and body of a refusal, and `ended`, which settles when the shop closes the stream.
 */
export function followFeed(url: string, cookie: string, lastEventId?: string) {
  const events: FeedEvent[] = [];
  const controller = new AbortController();
  const answer = { status: 0, contentType: "", refusal: "" };
  const ended = (async () => {
    const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
    const response = await fetch(url, { headers, signal: controller.signal });
    answer.status = response.status;
    answer.contentType = response.headers.get("content-type") ?? "";
    if (!response.ok || !response.body) {
      answer.refusal = await response.text();
      return;
    }
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const lines = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const data = lines.find((line) => line.startsWith("data: "));
        if (data && lines.includes("event: order")) events.push(JSON.parse(data.slice("data: ".length)) as FeedEvent);
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return {
    events,
    answer,
    ended,
    lastId: () => String(events.at(-1)?.id ?? ""),
    close: () => controller.abort(),
  };
}

/**
 * A GET's status over a connection of its own, or 0 when nothing answered within 5 s. A cluster
 * hands each new connection to its workers in turn, so successive calls reach every worker, where
 * a kept-alive connection would reach one.
 */
export function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", () => resolve(0));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}
