import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { SHIPROCKET_ENV, type ShiprocketSettings, shiprocketSettingsOf } from "./config/courier-settings.ts";
import { PASSWORD_ENV, type PasswordPolicy, passwordPolicyOf } from "./config/password-settings.ts";
import { PAYMENT_ENV, type PaymentSettings, paymentSettingsOf } from "./config/payment-settings.ts";
import { booleanFlag, SettingError, webAddress, wholeNumber } from "./config/setting-fields.ts";
import { sqlitePath } from "./db/sqlite-path.ts";
import { DELIVERY_ENV, type DeliverySettings, deliverySettingsOf } from "./delivery/delivery-settings.ts";
import { type DocumentSigning, SigningSettingError } from "./invoices/document-signing.ts";
import { documentSigningOf, SELLER_ENV, sellerOf } from "./invoices/seller-settings.ts";
import { MessagingSettingError, type MessagingSettings, messagingSettingsOf } from "./messaging/messaging-settings.ts";
import { parseS3Url } from "./storage/s3-storage.ts";
import type { SellerDetails } from "./tax/seller.ts";

/*
 * The shop's settings, read from the environment once at start. The host's own are here; the
 * others are read by their concern's reader (server/config/setting-fields.ts says where each
 * stands), and a setting any of them refuses stops the start with its name and what is wrong.
 */

const databaseUrl = z.string().refine((value) => value.startsWith("file:") || /^postgres(ql)?:\/\//.test(value), {
  message: "must start with file: (SQLite) or postgres:// (PostgreSQL)",
});

/**
 * Which proxies' X-Forwarded-For to believe: none (`false`), the nearest N hops (`1` behind one
 * reverse proxy; `true` means the same), or only these addresses or ranges
 * (`127.0.0.1,10.0.0.0/8`). Believing every hop would let any client choose its own address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (["false", "0", "no", "off"].includes(lower)) return false;
    if (["true", "yes", "on"].includes(lower)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const addresses = value.split(",").map((entry) => entry.trim());
    if (addresses.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) && entry.length > 1)) return addresses;
    context.addIssue({
      code: "custom",
      message: "must be false, a number of proxy hops (1 behind one proxy), or a list of proxy addresses",
    });
    return z.NEVER;
  });

/** Where mail goes: `file:<dir>` (.eml files), or an `smtp://` / `smtps://` server. */
const mailUrl = z
  .string()
  .trim()
  .refine((value) => value.startsWith("file:") || /^smtps?:\/\/[^\s]+$/.test(value), {
    message: "must be file:<folder>, smtp://user:pass@host:port or smtps://…",
  });

/** Where pictures live: `file:<folder>`, or an S3-compatible bucket (`s3://bucket?endpoint=…`). */
const storageUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (value.startsWith("file:")) return value.length > "file:".length;
      try {
        parseS3Url(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: "must be file:<folder> or s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true" },
  );

/** A sender: an address, or "Name <address>". */
const mailFrom = z
  .string()
  .trim()
  .refine((value) => /^([^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value), {
    message: 'must be an e-mail address, or "Name <address>"',
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: databaseUrl.default("file:./data/shop.db"),
  UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
  STORAGE_URL: storageUrl.optional(),
  STORAGE_PUBLIC_URL: webAddress.optional(),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).default("admin@example.com"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(128).optional(),
  SEED_DEMO: z.union([booleanFlag, z.literal("plain")], { error: "must be true, false or plain" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  PUBLIC_URL: webAddress.optional(),
  MAIL_URL: mailUrl.optional(),
  MAIL_FROM: mailFrom.default("Kesar <orders@localhost>"),
  // The bearer token that opens /metrics; without it there is no /metrics.
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  // How many worker processes share the port; by default one per core.
  WEB_CONCURRENCY: wholeNumber(1, 64).optional(),
  // How many page views a worker works on at once; the others wait their turn, first come first served.
  PAGES_AT_ONCE: wholeNumber(1, 256).optional(),
  // The JavaScript heap each worker may keep (V8's old generation), in MB.
  WORKER_HEAP_MB: wholeNumber(128, 16_384).default(256),
  // How many days after delivery a piece may be returned or exchanged.
  RETURN_DAYS: wholeNumber(0, 365).default(14),
  ...SELLER_ENV,
  ...DELIVERY_ENV,
  ...PAYMENT_ENV,
  ...PASSWORD_ENV,
  // Courier booking through Shiprocket: all four of who the shop is there, or none (ship by hand).
  ...SHIPROCKET_ENV,
  // SMS and WhatsApp (server/messaging/messaging-settings.ts checks them).
  SMS_URL: z.string().optional(),
  SMS_TEMPLATES: z.string().optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_URL: z.string().optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string;
  /** Absolute directory for the SQLite file's siblings: the session secret and default uploads. */
  dataDir: string;
  uploadsDir: string;
  /** Where pictures live: `file:<absolute folder>` (UPLOADS_DIR by default) or `s3://…`. */
  storageUrl: string;
  /** A public or CDN address of the bucket: pictures are then sent there instead of through the shop. */
  storagePublicUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  /**
   * Whether to load the demo catalogue into an empty shop (undefined: yes); "plain" loads it with
   * plain one-colour pictures instead of drawn ones, for a start in seconds.
   */
  seedDemo: boolean | "plain" | undefined;
  sessionSecret: string;
  logLevel: string;
  trustProxy: false | number | string[];
  /** The shop's public address for links in mail and absolute URLs; never taken from a request. */
  publicUrl: string;
  /** Where mail goes (see MAIL_URL) and who it comes from. */
  mailUrl: string;
  mailFrom: string;
  /** The registered seller printed on invoices; its state is the GSTIN's. */
  seller: SellerDetails;
  /** Who signs tax documents now, and the certificate their PDFs are signed with (undefined: unsigned). */
  documentSigning: DocumentSigning;
  passwordPolicy: PasswordPolicy;
  /** Online payment (null: cash on delivery only) and the rules of cash on delivery. */
  payments: PaymentSettings;
  /** Worker processes that serve requests. */
  webConcurrency: number;
  /** Page views (GET and HEAD) a worker works on at once (see server/http/page-turns.ts). */
  pagesAtOnce: number;
  /** The old-generation heap of each worker, in MB (see server/cluster.ts). */
  workerHeapMb: number;
  /** The token Prometheus sends to read /metrics; undefined turns /metrics off. */
  metricsToken: string | undefined;
  /** Where parcels leave from, when, and how long they take where the courier's list is silent. */
  delivery: DeliverySettings;
  /** Days after delivery within which a piece may be returned or exchanged. */
  returnDays: number;
  /** Where SMS go, the DLT template ids, and WhatsApp (null: off). */
  messaging: MessagingSettings;
  /** Courier booking through Shiprocket (null: the shop ships by hand). */
  shiprocket: ShiprocketSettings | null;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment once at start; a bad value stops the shop with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const passwordPolicy = checked(() => passwordPolicyOf(values));
  const dataDir = path.resolve(
    values.DATABASE_URL.startsWith("file:") ? path.dirname(sqlitePath(values.DATABASE_URL)) : "./data",
  );
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    uploadsDir: path.resolve(values.UPLOADS_DIR),
    storageUrl: values.STORAGE_URL?.startsWith("s3:")
      ? values.STORAGE_URL
      : `file:${path.resolve(values.STORAGE_URL?.slice("file:".length) ?? values.UPLOADS_DIR)}`,
    storagePublicUrl: values.STORAGE_PUBLIC_URL,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    seedDemo: values.SEED_DEMO,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    // Beside the default database, so that `npm start` needs no mail server.
    mailUrl: values.MAIL_URL ?? `file:${path.join(dataDir, "outbox")}`,
    mailFrom: values.MAIL_FROM,
    seller: sellerOf(values),
    documentSigning: checked(() => documentSigningOf(values)),
    metricsToken: values.METRICS_TOKEN,
    delivery: deliverySettingsOf(values),
    returnDays: values.RETURN_DAYS,
    payments: checked(() => paymentSettingsOf(values)),
    messaging: checked(() => messagingSettingsOf(values, dataDir)),
    shiprocket: checked(() => shiprocketSettingsOf(values)),
    // An in-memory database lives in one process, so it gets one worker.
    webConcurrency: values.DATABASE_URL === "file::memory:" ? 1 : (values.WEB_CONCURRENCY ?? availableParallelism()),
    // A worker on PostgreSQL waits on its answers over a socket, and needs more pages in hand to keep
    // its core busy than one on SQLite, whose answers take no wait (record 18, §21).
    pagesAtOnce: values.PAGES_AT_ONCE ?? (values.DATABASE_URL.startsWith("file:") ? 4 : 8),
    workerHeapMb: values.WORKER_HEAP_MB,
    passwordPolicy,
  };
}

/**
 * Runs a room's reader of its settings: a setting it refuses stops the start, named with what is
 * wrong with it.
 */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    const problems =
      error instanceof SettingError
        ? error.problems
        : error instanceof MessagingSettingError || error instanceof SigningSettingError
          ? [{ setting: error.setting, message: error.message }]
          : null;
    if (!problems) throw error;
    const lines = problems.map((problem) => `  ${problem.setting}: ${problem.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== "") result[key] = value;
  }
  return result;
}

/** The secret survives restarts so sessions do; it is created once, readable only by the owner. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
