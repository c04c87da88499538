import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase, describeOnSqlite } from "#server/testing/test-databases.ts";
import { REDIRECT_BYPASSES } from "../fixtures/redirect-bypasses.ts";
import { cookiesFrom, FORM, form, SHOP_ORIGIN, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

const CHECKOUT = {
  name: "Ravi Kumar",
  email: "ravi.guest@mail.in",
  address: "22 Hill Road, Bandra West",
  city: "Mumbai",
  stateCode: "27",
  pincode: "400050",
  phone: "9820012345",
};

let addressCounter = 0;
/** A client address of its own, so that one test's posts never count against another's limit. */
function freshAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A redirect that stays on the shop: a path, never "//host" or another scheme. */
function expectLocal(location: string | string[] | undefined, tried: string) {
  expect(typeof location, tried).toBe("string");
  expect(location, tried).toMatch(/^\/(?!\/)/);
  expect(new URL(String(location), SHOP_ORIGIN).origin, tried).toBe(SHOP_ORIGIN);
}

/** Sends raw bytes to a listening shop and resolves with what came back once the server closed the socket. */
function rawExchange(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server kept the connection open; it sent: ${received.slice(0, 200)}`));
    }, 15_000);
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(guard);
      resolve(received);
    });
    socket.write(head + body);
  });
}

describeEachDatabase("hostile input over HTTP, from the attacker's side", (database, engine) => {
  let shop: TestShop;
  /**
   * What no database takes part in (redirects, headers, how bodies and numbers are read) is proved
   * on SQLite alone; what an engine answers differently (a NUL byte, a duplicate order, a search) on
   * each. The limits' counting in each database has its own service tests (server/limits).
   */
  const engineFree = (name: string, test: () => Promise<void>) => {
    if (engine === "sqlite") it(name, test);
  };
  let productId: number;

  beforeAll(async () => {
    shop = await startTestShop(database());
    productId = await makeProduct(database().db, { title: "Target Kurta", price: 99_900, sizes: { M: 500 } });
  });
  afterAll(() => shop?.dispose());

  let port: number | undefined;
  /** The shop on a real socket, for what only raw bytes can send (opened once, closed with the shop). */
  async function listeningPort(): Promise<number> {
    port ??= Number(new URL(await shop.app.listen({ port: 0, host: "127.0.0.1" })).port);
    return port;
  }

  function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return shop.request({
      method: "POST",
      url,
      remoteAddress: freshAddress(),
      headers: { ...FORM, ...headers },
      payload: form(fields),
    });
  }

  engineFree("never redirects off the shop after login, signup, the theme switch or the cart's way back", async () => {
    const customer = await makeCustomer(shop.services.db);
    const navigate = { "sec-fetch-mode": "navigate" };
    for (const target of REDIRECT_BYPASSES) {
      const email = `${randomUUID()}@shop.test`;
      const answers = {
        login: await post("/login", { email: customer.email, password: customer.password, redirectTo: target }),
        signup: await post("/signup", { name: "Eve", email, password: "secret1", redirectTo: target }),
        theme: await post("/theme", { theme: "dark", redirectTo: target }, navigate),
        cart: await post("/cart", { intent: "add", productId: String(productId), size: "M", backTo: target }, navigate),
      };
      for (const [action, answer] of Object.entries(answers)) {
        // A target with a NUL byte is refused with the whole form; every other one is a redirect home.
        if (target.includes("\u0000")) expect(answer.statusCode, `${action} ${target}`).toBe(400);
        else expectLocal(answer.headers.location, `${action} ${target}`);
      }
    }
  });

  engineFree("limits sign-up and login posts per address whatever the spelling of the path", async () => {
    for (const action of ["signup", "login"]) {
      const address = freshAddress();
      // Every spelling that reaches the action: the guard counts the action, not the path. (`//signup`
      // and `/signup/.data` reach none: React Router answers them 405.)
      const spellings = [
        `/${action}`,
        `/${action}/`,
        `/${action.toUpperCase()}`,
        `/${action}.data`,
        `/${action}/./`,
        `/x/../${action}`,
        `/${action}/_.data`,
      ];
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31 + spellings.length; attempt++) {
        const response = await shop.request({
          method: "POST",
          url: spellings[attempt % spellings.length],
          remoteAddress: address,
          headers: FORM,
          payload: form({ email: "", password: "" }),
        });
        statuses.push(response.statusCode);
      }
      expect(
        statuses.slice(0, 30).filter((status) => status === 429),
        action,
      ).toEqual([]);
      // Once the guard has tripped, every spelling is refused.
      expect(statuses.slice(30), action).toEqual(statuses.slice(30).map(() => 429));
    }
  });

  engineFree("answers oversized, mistyped and broken bodies with a 4xx and a clear message", async () => {
    const big = await post("/login", { email: "a@b.in", password: "x".repeat(70_000) });
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain("The form is too large");
    const json = await shop.request({
      method: "POST",
      url: "/login",
      remoteAddress: freshAddress(),
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.in", password: "secret1" }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain("Please send the form as a web form");
    const broken = await shop.request({
      method: "POST",
      url: "/profileform",
      remoteAddress: freshAddress(),
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nno end here',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(300);
    expect(broken.statusCode).toBeLessThan(500);
    const fields = new URLSearchParams({ intent: "add", size: "M" });
    for (let id = 1; id <= 10_000; id++) fields.append("productId", String(id));
    const crowd = await shop.request({ method: "POST", url: "/cart", headers: FORM, payload: fields.toString() });
    expect(crowd.statusCode).toBe(413);
  });

  engineFree("closes the connection after answering early instead of waiting for a body it will not read", async () => {
    const port = await listeningPort();
    const head = [
      "POST /login HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      "Content-Type: application/x-www-form-urlencoded",
      "Content-Length: 5000000",
      "",
      "",
    ].join("\r\n");
    const answer = await rawExchange(port, head, "email=a%40b.in&password=");
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("refuses a NUL byte in an address or a form field with a 400, on every engine", async () => {
    const search = await shop.request({ method: "GET", url: "/allproducts?q=ab%00cd" });
    expect(search.statusCode).toBe(400);
    expect(search.body).toContain("not allowed");
    for (const [url, fields] of [
      ["/login", { email: "a\u0000@b.in", password: "secret1" }],
      ["/signup", { name: "Ni\u0000l", email: `${randomUUID()}@shop.test`, password: "secret1" }],
    ] as const) {
      const response = await post(url, fields);
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toContain("not allowed");
    }
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const checkout = await guest.post("/guest", { ...CHECKOUT, address: "Flat 1\u0000", idempotencyKey: randomUUID() });
    expect(checkout.statusCode).toBe(400);
  });

  it("gives every duplicate of one checkout the first one's order", async () => {
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M", quantity: "2" });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.request({
          method: "POST",
          url: "/guest",
          headers: { ...FORM, cookie: guest.cookies },
          payload: form({ ...CHECKOUT, idempotencyKey: key }),
        }),
      ),
    );
    const locations = answers.map((answer) => `${answer.statusCode} ${answer.headers.location}`);
    expect(new Set(locations).size, locations.join("\n")).toBe(1);
    expect(locations[0]).toMatch(/^302 \/orders\/[\w-]{32,}$/);
  });

  engineFree("reads quantities, prices and page numbers as plain decimals only", async () => {
    const shopper = shopBrowser(shop);
    for (const quantity of ["0x10", "0b11", "0o7", "1e1", "+2", " 2 e"]) {
      const response = await shopper.post("/cart", {
        intent: "add",
        productId: String(productId),
        size: "M",
        quantity,
      });
      expect(response.statusCode, quantity).toBe(400);
    }
    const hexProduct = await shopper.post("/cart", { intent: "add", productId: "0x1", size: "M" });
    expect(hexProduct.statusCode).toBe(400);
    const page = await shop.request({ method: "GET", url: "/allproducts?page=0x2" });
    expect(page.statusCode).toBe(200);
    const price = await shop.request({ method: "GET", url: "/allproducts?max=0x10" });
    expect(price.body).toContain("Max price must be a number of rupees");
  });

  engineFree("builds absolute links from the configured address, never from a forged Host header", async () => {
    const forged = await shop.request({
      method: "GET",
      url: `/productinfo/${productId}`,
      headers: { host: "evil.example" },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain("evil.example");
    expect(forged.body).toContain(`${SHOP_ORIGIN}/productinfo/${productId}`);
    const sitemap = await shop.request({ method: "GET", url: "/sitemap.xml", headers: { host: "evil.example" } });
    expect(sitemap.body).not.toContain("evil.example");
    for (const host of ["bad host[", "[::1", "a@b:c", "%", "x:99999"]) {
      const page = await shop.request({ method: "GET", url: "/", headers: { host } });
      expect(page.statusCode, host).toBeLessThan(500);
      const posted = await shop.request({
        method: "POST",
        url: "/theme",
        headers: { ...FORM, host, origin: "http://evil.example" },
        payload: "theme=dark",
      });
      expect(posted.statusCode, host).toBeLessThan(500);
    }
  });

  engineFree("marks personal pages private and says which browser features the shop never uses", async () => {
    const { session } = await signedIn();
    for (const path of ["/cart", "/wishlist", "/profile", "/order", "/guest", "/login"]) {
      const response = await session.get(path);
      expect(response.headers["cache-control"], path).toBe("private, no-store");
      expect(String(response.headers["permissions-policy"]), path).toContain("camera=()");
    }
  });

  engineFree(
    "answers a request target in absolute form as it answers its path, and refuses one that names no path",
    async () => {
      const port = await listeningPort();
      const ask = (target: string) =>
        rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, "");
      expect(await ask(`http://127.0.0.1:${port}/allproducts?q=kurta`)).toMatch(/^HTTP\/1\.1 200/);
      expect(await ask("http://elsewhere.example/no-such-page")).toMatch(/^HTTP\/1\.1 404/);
      expect(await ask("mailto:someone@example.com")).toMatch(/^HTTP\/1\.1 400/);
    },
  );

  engineFree(
    "follows the q-values of Accept-Encoding: an encoding refused with q=0, however spelled, is never sent",
    async () => {
      const encodingFor = async (acceptEncoding: string) =>
        (await shop.request({ method: "GET", url: "/", headers: { "accept-encoding": acceptEncoding } })).headers[
          "content-encoding"
        ];
      expect(await encodingFor("gzip;q=0.000, br;q=0.0")).toBeUndefined();
      expect(await encodingFor("br;q=0.0, gzip")).toBe("gzip");
      expect(await encodingFor("br;q=0.5, gzip;q=0.9")).toBe("gzip");
      expect(await encodingFor("gzip, br")).toBe("br");
    },
  );

  it("searches for words that name the members of every JavaScript object like any other word", async () => {
    for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      const listing = await shop.request({ method: "GET", url: `/allproducts?q=${word}` });
      expect(listing.statusCode, word).toBe(200);
      const collection = await shop.request({ method: "GET", url: `/ethnic?q=${word}&sort=${word}` });
      expect(collection.statusCode, word).toBeLessThan(500);
    }
  });

  engineFree("writes its storage probe at most once an interval, however many probes arrive", async () => {
    const storage = shop.services.storage;
    const put = storage.put.bind(storage);
    let writes = 0;
    storage.put = (...args: Parameters<typeof put>) => {
      writes++;
      return put(...args);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 500 }, () => shop.request({ method: "GET", url: "/readyz" })),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(JSON.parse(answers[499]?.body ?? "{}")).toMatchObject({ ready: true, storage: true, database: true });
      // One write for the interval, and one more at most if the burst crossed into the next.
      expect(writes).toBeLessThanOrEqual(2);
    } finally {
      storage.put = put;
    }
  });

  engineFree("sends no Referer from a page whose address holds a secret", async () => {
    for (const url of [
      `/reset-password/${"x".repeat(43)}`,
      `/verify-email/${"y".repeat(43)}`,
      `/orders/${"z".repeat(43)}`,
    ]) {
      const page = await shop.request({ method: "GET", url });
      expect(page.headers["referrer-policy"], url).toBe("no-referrer");
    }
    const home = await shop.request({ method: "GET", url: "/" });
    expect(home.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  async function signedIn() {
    const customer = await makeCustomer(shop.services.db);
    const session = shopBrowser(shop);
    await session.post("/login", { email: customer.email, password: customer.password });
    return { customer, session };
  }
});

// Which forwarded addresses are believed is the HTTP layer's alone: no database takes part.
describeOnSqlite("behind a reverse proxy", (database) => {
  const shops: TestShop[] = [];
  afterAll(async () => {
    for (const shop of shops) await shop.dispose();
  });

  async function tooMany(shop: TestShop, remoteAddress: string, forwarded: (attempt: number) => string) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      const response = await shop.request({
        method: "POST",
        url: "/login",
        remoteAddress,
        headers: { ...FORM, "x-forwarded-for": forwarded(attempt) },
        payload: form({ email: "", password: "" }),
      });
      statuses.push(response.statusCode);
    }
    return statuses.filter((status) => status === 429).length;
  }

  it("believes only the hops it was told to: a rotated X-Forwarded-For does not escape the limit", async () => {
    for (const [index, setting] of ["1", "true"].entries()) {
      const shop = await startTestShop(database(), { TRUST_PROXY: setting });
      shops.push(shop);
      // The proxy appends the address it saw; whatever the client put before it is not believed.
      // (Each shop sees a client of its own: the two share their database, and so their counts.)
      const client = `203.0.113.${7 + index}`;
      const refused = await tooMany(shop, "127.0.0.1", (attempt) => `198.51.100.${attempt}, ${client}`);
      expect(refused, setting).toBe(2);
    }
  });

  it("believes X-Forwarded-For only from the listed proxies", async () => {
    const shop = await startTestShop(database(), { TRUST_PROXY: "10.0.0.1" });
    shops.push(shop);
    // From the proxy, each forwarded client has its own count.
    expect(await tooMany(shop, "10.0.0.1", (attempt) => `198.51.100.${attempt}`)).toBe(0);
    // From anywhere else, the header is ignored and the sender's own address counts.
    expect(await tooMany(shop, "192.0.2.50", (attempt) => `198.51.100.${attempt}`)).toBe(2);
  });

  it("names the session cookie __Host-sid, Secure, when the shop is reached over HTTPS", async () => {
    const shop = await startTestShop(database(), { TRUST_PROXY: "1" });
    shops.push(shop);
    const customer = await makeCustomer(shop.services.db);
    const https = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" };
    const login = await shop.request({
      method: "POST",
      url: "/login",
      headers: { ...FORM, ...https, host: "localhost", origin: "https://localhost" },
      payload: form({ email: customer.email, password: customer.password }),
    });
    const cookie = [login.headers["set-cookie"]].flat().find((value) => value?.startsWith("__Host-sid="));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    const profile = await shop.request({
      method: "GET",
      url: "/profile",
      headers: { ...https, cookie: cookiesFrom(login) },
    });
    expect(profile.statusCode).toBe(200);
  });
});

describe("slow clients", () => {
  it("cuts off a request whose body never finishes arriving", async () => {
    const { createSqliteTestDatabase } = await import("#server/testing/test-databases.ts");
    const database = await createSqliteTestDatabase();
    const shop = await startTestShop(database, {}, { requestTimeoutMs: 1_000 });
    try {
      const address = await shop.app.listen({ port: 0, host: "127.0.0.1" });
      const port = Number(new URL(address).port);
      const head = `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n`;
      const answer = await rawExchange(port, head, "email=");
      expect(answer === "" || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
    } finally {
      await shop.dispose();
      await database.dispose();
    }
  });
});
