import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type RunningServices, startServices } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";
import type { TestDatabase } from "#server/testing/test-databases.ts";

/** What `app.inject` presents itself as; same-site requests carry it as their Origin. */
export const SHOP_ORIGIN = "http://localhost";

export type TestShop = {
  app: FastifyInstance;
  services: RunningServices;
  /** The folder the shop's mail is written to, one .eml file a message. */
  outboxDir: string;
  /** A request as a browser on the shop's own pages would send it. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  dispose: () => Promise<void>;
  /** Its uploads and mail folders removed, for a test that stops the shop itself. */
  removeFolders: () => void;
};

/** A form post's content type, and its body. */
export const FORM = { "content-type": "application/x-www-form-urlencoded" };

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A multipart body, as a browser encodes a form with a file. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Buffer },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request("http://localhost/", { method: "POST", body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** The built shop on a test database, with its own uploads folder, ready for `app.inject`. */
export async function startTestShop(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: { requestTimeoutMs?: number } = {},
): Promise<TestShop> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), "shop-uploads-"));
  const outboxDir = mkdtempSync(path.join(tmpdir(), "shop-outbox-"));
  // The shop's SMS (sign-in codes among them) go to a folder of the test's own: on PostgreSQL the
  // default would be ./data/sms of the working copy.
  const smsDir = mkdtempSync(path.join(tmpdir(), "shop-sms-"));
  const removeFolders = () => {
    rmSync(uploadsDir, { recursive: true, force: true });
    rmSync(outboxDir, { recursive: true, force: true });
    rmSync(smsDir, { recursive: true, force: true });
  };
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    UPLOADS_DIR: uploadsDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: "admin@shop.test",
    ADMIN_PASSWORD: "Admin-password-1",
    PUBLIC_URL: SHOP_ORIGIN,
    MAIL_URL: `file:${outboxDir}`,
    SMS_URL: `file:${smsDir}`,
    // The tests ship their orders as soon as they are placed; a large cash order's wait for its
    // buyer's confirmation is tested on its own (tests/http/cod-confirmation.test.ts).
    COD_CONFIRM_ABOVE_RUPEES: "off",
    ...env,
  });
  const services = await startServices(config, () => {});
  const app = await createApp({ services, requestTimeoutMs: options.requestTimeoutMs });
  await app.ready();
  return {
    app,
    services,
    outboxDir,
    request: (options) => app.inject({ ...options, headers: { origin: SHOP_ORIGIN, ...(options.headers ?? {}) } }),
    dispose: async () => {
      await app.close();
      await services.close();
      removeFolders();
    },
    removeFolders,
  };
}

/** The `name=value` pairs a response sets, ready to send back as a Cookie header. */
export function cookiesFrom(response: LightMyRequestResponse, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0] ?? "", pair] as const),
  );
  const setCookie = response.headers["set-cookie"];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of list) {
    const pair = header.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (/max-age=0/i.test(header) || /expires=thu, 01 jan 1970/i.test(header) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Signs a customer in and answers their session's cookies alone: the login's queued message would
 * make the next page personal (it is shown once).
 */
export async function signedInCookie(shop: TestShop, account: { email: string; password: string }) {
  const login = await shop.request({
    method: "POST",
    url: "/login",
    headers: FORM,
    payload: form({ email: account.email, password: account.password }),
  });
  return cookiesFrom(login)
    .split("; ")
    .filter((pair) => !pair.startsWith("toast="))
    .join("; ");
}

/** A browser session against a test shop: cookies kept between requests, as a shopper's browser would. */
export function shopBrowser(shop: TestShop, headers: Record<string, string> = {}) {
  let cookies = "";
  return {
    get cookies() {
      return cookies;
    },
    async post(url: string, fields: Record<string, string>) {
      const response = await shop.request({
        method: "POST",
        url,
        headers: { ...FORM, ...headers, cookie: cookies },
        payload: form(fields),
      });
      cookies = cookiesFrom(response, cookies);
      return response;
    },
    async get(url: string) {
      const response = await shop.request({ method: "GET", url, headers: { ...headers, cookie: cookies } });
      cookies = cookiesFrom(response, cookies);
      return response;
    },
  };
}
