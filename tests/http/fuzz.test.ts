import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCustomer, makeProduct } from "#server/testing/factories.ts";
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  describeEachDatabase,
  postgresUrl,
} from "#server/testing/test-databases.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { liveBrowser } from "./live-shop.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * Property-based fuzzing of every form action and data route: generated hostile values (long and
 * unicode strings, NUL and control characters, lone surrogates, numbers in every notation,
 * duplicated and missing fields, wrong content types, oversized bodies) must never get a 5xx.
 * FUZZ_RUNS sets the runs per route on SQLite (30 by default, so the suite stays quick; every run
 * draws new values, so the runs add up over the suite's runs); PostgreSQL,
 * behind the same code, gets a tenth of them: enough to catch what only its stricter text and
 * numbers refuse (FUZZ_RUNS=500 runs fifty there).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const runsOn = (engine: string) => (engine === "sqlite" ? RUNS : Math.max(1, Math.ceil(RUNS / 10)));

type Who = "visitor" | "customer" | "admin";
type Endpoint = { name: string; method: "GET" | "POST"; path: fc.Arbitrary<string>; fields: string[]; who: Who };

const NASTY = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "\ud800",
  "\udfff\ud800",
  "\r\n\t",
  "0x10",
  "0b11",
  "0o7",
  "1e1",
  "-1",
  "-0",
  "1.5",
  "NaN",
  "Infinity",
  "9007199254740993",
  "99999999999999999999999",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "%",
  "../../etc/passwd",
  "//evil.example",
  "javascript:alert(1)",
  "🙂🇮🇳",
  "कुर्ता",
  "S",
  "One Size",
  "checkout",
  "add",
  "placed",
  "shipped",
  "products",
];

const hostileValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.nat(20).map((size) => "x".repeat(size * 500)) },
);

/** Each field: missing, once, or twice with different values. */
const hostileFields = (names: string[]) =>
  fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          fc.constant(undefined),
          hostileValue.map((value) => [value]),
          fc.tuple(hostileValue, hostileValue),
        ),
      ]),
    ) as Record<string, fc.Arbitrary<string[] | undefined>>,
  );

const contentTypes = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=",
  "application/x-www-form-urlencoded; charset=utf-16",
  "none",
);

const ids = fc.oneof(
  fc.nat(50).map(String),
  fc.constantFrom(...NASTY).map((value) => encodeURIComponent(value.toWellFormed())),
);
const queryPath = (base: string) =>
  fc
    .tuple(
      fc.constantFrom(base, `${base}.data`),
      hostileFields(["q", "type", "fabric", "max", "sort", "page", "tab", "id"]),
    )
    .map(([path, fields]) => `${path}?${encode(fields)}`);

const ENDPOINTS: Endpoint[] = [
  post("/login", ["email", "password", "redirectTo"]),
  post("/signup", ["name", "email", "password", "redirectTo"]),
  post("/login/mobile", ["intent", "phone", "challengeId", "code", "name", "redirectTo"]),
  post("/profile/mobile", ["intent", "phone", "challengeId", "code"], "customer"),
  post("/profile", ["intent", "whatsapp"], "customer"),
  {
    name: "POST /confirm/:token",
    method: "POST",
    path: fc
      .oneof(fc.constantFrom("A".repeat(24), "x"), fc.string({ unit: "binary", maxLength: 40 }))
      .map((token) => `/confirm/${encodeURIComponent(token.toWellFormed())}`),
    fields: ["answer", "reason"],
    who: "visitor",
  },
  {
    name: "GET short links and confirmation links",
    method: "GET",
    path: fc
      .tuple(fc.constantFrom("/m/", "/confirm/"), fc.string({ unit: "binary", maxLength: 40 }))
      .map(([base, code]) => `${base}${encodeURIComponent(code.toWellFormed())}`),
    fields: [],
    who: "visitor",
  },
  post("/theme", ["theme", "redirectTo"]),
  post("/logout", []),
  post("/cart", [
    "intent",
    "productId",
    "size",
    "quantity",
    "backTo",
    "name",
    "address",
    "city",
    "stateCode",
    "pincode",
    "phone",
    "idempotencyKey",
    "redeemPoints",
  ]),
  post(
    "/cart",
    [
      "intent",
      "productId",
      "size",
      "quantity",
      "name",
      "address",
      "city",
      "stateCode",
      "pincode",
      "phone",
      "idempotencyKey",
      "redeemPoints",
    ],
    "customer",
  ),
  post("/guest", [
    "name",
    "email",
    "address",
    "city",
    "stateCode",
    "pincode",
    "phone",
    "idempotencyKey",
    "whatsappUpdates",
  ]),
  post("/wishlist", ["intent", "productId", "size", "backTo"]),
  post(
    "/profile",
    ["name", "email", "phone", "address", "city", "stateCode", "pincode", "currentPassword"],
    "customer",
  ),
  post(
    "/profileform",
    ["intent", "name", "email", "phone", "address", "currentPassword", "newPassword", "picture"],
    "customer",
  ),
  post("/dashboard", ["intent", "productId", "userId", "disabled"], "admin"),
  post(
    "/addproduct",
    [
      "title",
      "price",
      "category",
      "type",
      "fabric",
      "description",
      "description1",
      "flags",
      "stock_S",
      "stock_M",
      "stock_OneSize",
      "imageUrl0",
      "imageCurrent1",
      "imageFile0",
    ],
    "admin",
  ),
  {
    name: "POST /updateproduct",
    method: "POST",
    path: ids.map((id) => `/updateproduct?id=${id}`),
    fields: ["title", "price", "category", "description", "imageUrl0", "stock_M"],
    who: "admin",
  },
  {
    name: "POST /admin/updateorderstatus",
    method: "POST",
    path: ids.map((id) => `/admin/updateorderstatus?id=${id}`),
    fields: ["to", "from"],
    who: "admin",
  },
  {
    name: "POST /admin/orders/:orderId",
    method: "POST",
    path: ids.map((id) => `/admin/orders/${id}`),
    fields: ["intent", "reason", "body", "to", "from"],
    who: "admin",
  },
  post("/admin/orders", ["action", "order", "reason"], "admin"),
  post("/admin/staff", ["intent", "email", "role", "userId", "invitationId"], "admin"),
  {
    name: "POST /admin/customers/:customerId",
    method: "POST",
    path: ids.map((id) => `/admin/customers/g-${id}`),
    fields: ["intent", "body"],
    who: "admin",
  },
  post("/staff/join/not-a-real-invitation-code-0123456789abcdef", ["name", "password"]),
  post("/measurements", ["heightMm", "weightG", "chestMm", "waistMm", "footMm"], "customer"),
  post("/admin/searches", ["word", "target"], "admin"),
  post("/admin/delivery", ["intent", "day", "name", "file"], "admin"),
  post("/admin/reviews", ["decision", "reviewId", "reason"], "admin"),
  post("/admin/size-charts", ["productId", "collection", "kind", "S:chest", "M:garmentLength", "UK 6:foot"], "admin"),
  {
    name: "POST /review/:productId",
    method: "POST",
    path: ids.map((id) => `/review/${id}`),
    fields: ["rating", "title", "body", "sizeBought", "fit", "keepPhotos", "photo0"],
    who: "customer",
  },
  post(
    "/order/KS-100001/return",
    ["position", "quantity", "kind", "reason", "note", "exchangeSize", "refundMethod", "upiId", "photo"],
    "customer",
  ),
  {
    name: "GET pages addressed by an id",
    method: "GET",
    path: ids.chain((id) =>
      fc.constantFrom(
        `/admin/offers/${id}`,
        `/admin/orders/${id}/invoice`,
        `/admin/orders/${id}`,
        `/admin/jobs/${id}`,
        `/admin/customers/g-${id}`,
        `/admin/orders?after=${id}.${id}&tab=${id}`,
        `/admin/orders/${id}/eway-bill.json`,
        `/admin/returns/${id}/credit-note`,
        `/admin/size-charts?product=${id}`,
        `/productinfo/${id}/reviews`,
        `/review/${id}`,
      ),
    ),
    fields: [],
    who: "admin",
  },
  {
    name: "GET listings",
    method: "GET",
    path: fc.constantFrom("/allproducts", "/filter", "/pakistani-suits", "/western", "/accessories").chain(queryPath),
    fields: [],
    who: "visitor",
  },
  {
    name: "GET /productinfo/:id",
    method: "GET",
    path: ids.chain((id) => fc.constantFrom(`/productinfo/${id}`, `/productinfo/${id}.data`)),
    fields: [],
    who: "visitor",
  },
  {
    name: "GET /order pages",
    method: "GET",
    path: fc.constantFrom("/order", "/order/KS-100001", "/orders/x").chain(queryPath),
    fields: [],
    who: "customer",
  },
  {
    name: "GET /orders/:token",
    method: "GET",
    path: fc
      .string({ unit: "binary", maxLength: 60 })
      .map((token) => `/orders/${encodeURIComponent(token.toWellFormed())}`),
    fields: [],
    who: "visitor",
  },
  {
    name: "GET admin pages",
    method: "GET",
    path: fc.constantFrom("/dashboard", "/updateproduct", "/admin/updateorderstatus").chain(queryPath),
    fields: [],
    who: "admin",
  },
  {
    name: "GET other pages",
    method: "GET",
    path: fc
      .constantFrom(
        "/",
        "/login",
        "/signup",
        "/cart",
        "/wishlist",
        "/guest",
        "/account",
        "/profile",
        "/sitemap.xml",
        "/robots.txt",
      )
      .chain(queryPath),
    fields: [],
    who: "customer",
  },
];

function post(path: string, fields: string[], who: Who = "visitor"): Endpoint {
  return {
    name: `POST ${path}${who === "visitor" ? "" : ` (${who})`}`,
    method: "POST",
    path: fc.constant(path),
    fields,
    who,
  };
}

function encode(fields: Record<string, string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, values] of Object.entries(fields)) for (const value of values ?? []) params.append(name, value);
  return params.toString();
}

/** Fields sent as files of junk in a multipart body. */
const FILE_FIELDS = new Set(["picture", "imageFile0", "file", "photo", "photo0"]);

/** The body in the generated content type; the multipart one may carry a "file" of junk. */
async function body(contentType: string, fields: Record<string, string[] | undefined>, oversized: boolean) {
  const pad = oversized ? { padding: ["z".repeat(70_000)] } : {};
  const all = { ...fields, ...pad };
  if (contentType === "none") return { payload: encode(all), headers: {} };
  if (contentType === "multipart/form-data") {
    const form = new FormData();
    for (const [name, values] of Object.entries(all)) {
      for (const value of values ?? []) {
        if (FILE_FIELDS.has(name)) form.append(name, new Blob([value]), "junk.jpg");
        else form.append(name, value);
      }
    }
    const request = new Request("http://localhost/", { method: "POST", body: form });
    return {
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    };
  }
  const payload = contentType === "application/json" ? JSON.stringify(all) : encode(all);
  return { payload, headers: { "content-type": contentType } };
}

/** A shop the fuzzer can send to: in-process (inject) or over HTTP to a shop's own processes. */
type FuzzTarget = {
  send: (request: {
    method: string;
    url: string;
    address: string;
    headers: Record<string, string>;
    payload?: string | Buffer;
  }) => Promise<{ statusCode: number; body: string }>;
  cookies: Record<Who, string>;
};

/** Every endpoint, `runs` hostile requests each; none may answer 5xx. Prints the statuses seen. */
function fuzzEndpoints(label: () => string, target: () => FuzzTarget, runs: () => number) {
  const statuses = new Map<string, Map<number, number>>();
  let requestNumber = 0;
  afterAll(() => {
    const lines = [...statuses].map(
      ([route, counts]) =>
        `  ${route.padEnd(34)} ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(" ")}`,
    );
    console.info(`${label()}: fuzzed ${requestNumber} requests (${runs()} runs a route):\n${lines.join("\n")}`);
  });
  for (const endpoint of ENDPOINTS) {
    it(`answers ${endpoint.name} with no 5xx`, async () => {
      const arbitrary = fc.record({
        path: endpoint.path,
        fields: hostileFields(endpoint.fields),
        contentType: contentTypes,
        oversized: fc.boolean().map((value) => value && Math.random() < 0.2),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ path, fields, contentType, oversized }) => {
          requestNumber++;
          const sent =
            endpoint.method === "POST"
              ? await body(contentType, fields, oversized)
              : { payload: undefined, headers: {} };
          const response = await target().send({
            method: endpoint.method,
            url: path,
            // Each request from its own address, so that the flood guard does not stand between
            // the fuzzer and the code behind it.
            address: `10.${(requestNumber >> 16) & 255}.${(requestNumber >> 8) & 255}.${requestNumber & 255}`,
            headers: { ...(sent.headers as Record<string, string>), cookie: target().cookies[endpoint.who] },
            payload: sent.payload,
          });
          const counts = statuses.get(endpoint.name) ?? new Map<number, number>();
          counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
          statuses.set(endpoint.name, counts);
          expect(response.statusCode, `${endpoint.method} ${path} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: runs() },
      );
    });
  }
}

describeEachDatabase("fuzzing every action and data route", (database) => {
  let shop: TestShop;
  const cookies: Record<Who, string> = { visitor: "", customer: "", admin: "" };

  beforeAll(async () => {
    shop = await startTestShop(database());
    await makeProduct(database().db, { title: "Fuzz Kurta", sizes: { S: 3, M: 3 } });
    const customer = await makeCustomer(shop.services.db);
    const asCustomer = shopBrowser(shop);
    await asCustomer.post("/cart", { intent: "add", productId: "1", size: "M" });
    await asCustomer.post("/login", { email: customer.email, password: customer.password });
    cookies.customer = asCustomer.cookies;
    const asAdmin = shopBrowser(shop);
    await asAdmin.post("/login", { email: "admin@shop.test", password: "Admin-password-1" });
    cookies.admin = asAdmin.cookies;
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  fuzzEndpoints(
    () => `in one process [${database().engine}]`,
    () => ({
      cookies,
      send: ({ method, url, address, headers, payload }) =>
        shop.request({ method: method as "GET" | "POST", url, remoteAddress: address, headers, payload }),
    }),
    () => runsOn(database().engine),
  );
});

/*
 * The same fuzzing against the shop as `npm start` runs it with two workers behind one port (each
 * request from its own address through the proxy the shop trusts): what one worker refuses cleanly,
 * two must too. The engines were fuzzed above; here the cluster is, on the engine a shop with
 * several workers or nodes runs in production (PostgreSQL, else SQLite when it is not set up).
 * FUZZ_WORKER_RUNS sets its runs a route (a tenth of FUZZ_RUNS).
 */
const WORKER_RUNS = Number(process.env.FUZZ_WORKER_RUNS ?? Math.max(1, Math.ceil(RUNS / 10)));

for (const engine of [postgresUrl() === undefined ? "sqlite" : "postgres"] as const) {
  describe(`fuzzing two workers [${engine}]`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-fuzz-"));
    const cookies: Record<Who, string> = { visitor: "", customer: "", admin: "" };
    let shop: ShopProcess;
    let dispose: () => Promise<void> = async () => {};

    beforeAll(async () => {
      const database =
        engine === "postgres"
          ? await createPostgresTestDatabase(postgresUrl() ?? "")
          : await createSqliteTestDatabase();
      dispose = database.dispose;
      await makeProduct(database.db, { title: "Fuzz Kurta", sizes: { S: 3, M: 3 } });
      const customer = await makeCustomer(database.db);
      shop = await startShopProcess({
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: "2",
        SEED_DEMO: "false",
        TRUST_PROXY: "1",
        ADMIN_EMAIL: "admin@shop.test",
        ADMIN_PASSWORD: "Admin-password-1",
        MAIL_URL: `file:${path.join(dir, "outbox")}`,
      });
      const asCustomer = liveBrowser();
      await asCustomer.post(shop.baseUrl, "/cart", { intent: "add", productId: "1", size: "M" });
      await asCustomer.post(shop.baseUrl, "/login", { email: customer.email, password: customer.password });
      cookies.customer = asCustomer.cookie;
      const asAdmin = liveBrowser();
      await asAdmin.post(shop.baseUrl, "/login", { email: "admin@shop.test", password: "Admin-password-1" });
      cookies.admin = asAdmin.cookie;
    }, 120_000);
    afterAll(async () => {
      await shop?.stop();
      await dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    fuzzEndpoints(
      () => `two workers [${engine}]`,
      () => ({
        cookies,
        send: async ({ method, url, address, headers, payload }) => {
          const response = await fetch(`${shop.baseUrl}${url}`, {
            method,
            redirect: "manual",
            headers: { ...headers, origin: shop.baseUrl, "x-forwarded-for": address },
            body: payload === undefined ? undefined : typeof payload === "string" ? payload : new Uint8Array(payload),
          });
          return { statusCode: response.status, body: await response.text() };
        },
      }),
      () => WORKER_RUNS,
    );
  });
}
