import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { stateByCode } from "#core/indian-states.ts";
import { sqlitePath } from "./db/sqlite-path.ts";
import {
  DEFAULT_DELIVERY_BANDS,
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  parseCutoff,
  parseDeliveryBands,
} from "./delivery/delivery-settings.ts";
import { findPincode } from "./delivery/pincode-directory.ts";
import {
  type DocumentSigning,
  openSigningCertificate,
  type SigningCertificate,
  SigningSettingError,
} from "./invoices/document-signing.ts";
import { MessagingSettingError, type MessagingSettings, messagingSettingsOf } from "./messaging/messaging-settings.ts";
import { parseS3Url } from "./storage/s3-storage.ts";
import { gstinStateCode, isValidGstin } from "./tax/gstin.ts";
import type { SellerDetails, Signatory } from "./tax/seller.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "./tax/seller.ts";

/** Cash orders with more than ₹3,000 to pay are confirmed by their buyer before packing (record 40). */
export const DEFAULT_COD_CONFIRM_ABOVE_RUPEES = 3000;

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

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

/** The shop's public address: an http(s) origin, maybe with a path, without a trailing slash. */
const publicUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(value), {
    message: "must be an http:// or https:// address",
  })
  .transform((value) => value.replace(/\/+$/, ""));

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

/** A GSTIN with a check character that fits (see server/tax/gstin.ts). */
const gstin = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidGstin, { message: "must be a valid 15-character GSTIN (its check character does not fit)" })
  .refine((value) => stateByCode(gstinStateCode(value)) !== undefined, {
    message: "must be issued in one of the 36 states and union territories",
  });

/** "Name, Designation": the designation is what follows the first comma. */
const signatory = z
  .string()
  .trim()
  .transform((value, context): Signatory => {
    const comma = value.indexOf(",");
    const name = value.slice(0, comma).trim();
    const designation = value.slice(comma + 1).trim();
    if (comma < 0 || name.length < 2 || designation.length < 2 || value.length > 160) {
      context.addIssue({ code: "custom", message: 'must be "Name, Designation", e.g. "Meera Kulkarni, Director"' });
      return z.NEVER;
    }
    return { name, designation };
  });

/** A pincode the shop's directory lists: the warehouse's distance to every other is measured from it. */
const warehousePincode = z
  .string()
  .trim()
  .refine((value) => findPincode(value) !== undefined, { message: "must be a 6-digit pincode India Post lists" });

/** "14:00": after this time (India) an order counts from the next working day. */
const dispatchCutoff = z
  .string()
  .transform((value, context) => parseCutoff(value) ?? fail(context, 'must be a time of day such as "14:00"'));

/** Transit days by distance from the warehouse, e.g. "50:1-2,300:2-3,*:6-9". */
const deliveryBands = z.string().transform((value, context) => {
  const bands = parseDeliveryBands(value);
  return typeof bands === "string" ? fail(context, bands) : bands;
});

function fail(context: z.RefinementCtx, message: string): never {
  context.addIssue({ code: "custom", message });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number({ error: "must be a number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: databaseUrl.default("file:./data/shop.db"),
  UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
  STORAGE_URL: storageUrl.optional(),
  STORAGE_PUBLIC_URL: publicUrl.optional(),
  ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).default("admin@example.com"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(128).optional(),
  SEED_DEMO: z.union([booleanFlag, z.literal("plain")], { error: "must be true, false or plain" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  PUBLIC_URL: publicUrl.optional(),
  MAIL_URL: mailUrl.optional(),
  MAIL_FROM: mailFrom.default("Kesar <orders@localhost>"),
  // The seller on every tax invoice; until set, a made-up registration in Maharashtra.
  SHOP_LEGAL_NAME: z.string().trim().min(2).max(120).default(DEMO_SELLER.legalName),
  SHOP_ADDRESS: z.string().trim().min(10).max(300).default(DEMO_SELLER.address),
  SHOP_GSTIN: gstin.default(DEMO_SELLER.gstin),
  // Who signs the tax invoices, and the certificate that signs their PDFs (none: unsigned).
  SHOP_SIGNATORY: signatory.default(DEMO_SIGNATORY),
  SHOP_SIGNING_P12: z.string().trim().min(1).optional(),
  SHOP_SIGNING_PASSPHRASE: z.string().optional(),
  // The bearer token that opens /metrics; without it there is no /metrics.
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  // How many worker processes share the port; by default one per core.
  WEB_CONCURRENCY: z.coerce.number({ error: "must be a number" }).int().min(1).max(64).optional(),
  // How many page views a worker works on at once; the others wait their turn, first come first served.
  PAGES_AT_ONCE: z.coerce.number({ error: "must be a number" }).int().min(1).max(256).optional(),
  // The JavaScript heap each worker may keep (V8's old generation), in MB.
  WORKER_HEAP_MB: z.coerce.number({ error: "must be a number" }).int().min(128).max(16_384).default(256),
  // Delivery promises where the courier's list is silent (see server/delivery/delivery-settings.ts).
  SHOP_WAREHOUSE_PINCODE: warehousePincode.default(DEFAULT_DELIVERY_SETTINGS.warehousePincode),
  DISPATCH_CUTOFF: dispatchCutoff.prefault("14:00"),
  HANDLING_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(0)
    .max(10)
    .default(DEFAULT_DELIVERY_SETTINGS.handlingDays),
  DELIVERY_BANDS: deliveryBands.prefault(DEFAULT_DELIVERY_BANDS),
  // Online payment through Razorpay: all three keys, or none (cash on delivery only).
  RAZORPAY_KEY_ID: z.string().trim().min(8, "must be the key id from the Razorpay dashboard").optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(8, "must be the key secret from the Razorpay dashboard").optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(8, "must be at least 8 characters").optional(),
  // Razorpay's own addresses unless set (a local stand-in for tests and demos: npm run dev:gateway).
  RAZORPAY_API_URL: publicUrl.default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: publicUrl.default("https://checkout.razorpay.com/v1/checkout.js"),
  // Cash on delivery: offered up to this order value (unset: ₹10,000 with online payment, no cap
  // without it), for this fee (GST-inclusive), in rupees.
  COD_MAX_RUPEES: z.coerce.number({ error: "must be a number" }).int().min(0).max(10_000_000).optional(),
  COD_FEE_RUPEES: z.coerce.number({ error: "must be a number" }).int().min(0).max(10_000).default(0),
  // A cash order with more than this to pay (rupees) waits for its buyer's confirmation by SMS or
  // WhatsApp before it is packed; "off" never asks (record 40, "Wiring").
  COD_CONFIRM_ABOVE_RUPEES: z
    .string()
    .trim()
    .refine((value) => value === "off" || /^\d{1,8}$/.test(value), "must be a whole number of rupees, or off")
    .transform((value) => (value === "off" ? null : Number(value)))
    .default(DEFAULT_COD_CONFIRM_ABOVE_RUPEES),
  // How many days after delivery a piece may be returned or exchanged.
  RETURN_DAYS: z.coerce.number({ error: "must be a number" }).int().min(0).max(365).default(14),
  // SMS and WhatsApp (server/messaging/messaging-settings.ts checks them).
  SMS_URL: z.string().optional(),
  SMS_TEMPLATES: z.string().optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_URL: z.string().optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number({ error: "must be a number" }).int().min(6).max(128).default(6),
  PASSWORD_MAX_LENGTH: z.coerce.number({ error: "must be a number" }).int().min(6).max(128).default(128),
  PASSWORD_REQUIRE_LOWERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_UPPERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_NUMERIC: booleanFlag.default(false),
  PASSWORD_REQUIRE_SYMBOL: booleanFlag.default(false),
});

export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireSymbol: boolean;
};

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
  /** undefined = seed only when the catalogue is empty. */
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
};

function sellerOf(values: z.output<typeof envSchema>): SellerDetails {
  return {
    legalName: values.SHOP_LEGAL_NAME,
    address: values.SHOP_ADDRESS,
    gstin: values.SHOP_GSTIN,
    stateCode: gstinStateCode(values.SHOP_GSTIN),
    stateName: stateByCode(gstinStateCode(values.SHOP_GSTIN))?.name ?? "",
    signatory: values.SHOP_SIGNATORY,
  };
}

function deliverySettingsOf(values: z.output<typeof envSchema>): DeliverySettings {
  return {
    warehousePincode: values.SHOP_WAREHOUSE_PINCODE,
    cutoffMinutes: values.DISPATCH_CUTOFF,
    handlingDays: values.HANDLING_DAYS,
    bands: values.DELIVERY_BANDS,
  };
}
export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the API lives (https://api.razorpay.com), and the Standard Checkout script. */
  apiUrl: string;
  checkoutUrl: string;
};

export type PaymentSettings = {
  razorpay: RazorpaySettings | null;
  /**
   * The largest order (paise) that may be paid in cash at the door (Number.MAX_SAFE_INTEGER: no cap),
   * and the fee for it (paise).
   */
  codMaxPaise: number;
  codFeePaise: number;
  /** A cash order with more than this to pay (paise) waits for its buyer's confirmation; null: never. */
  codConfirmAbovePaise: number | null;
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
  if (values.PASSWORD_MAX_LENGTH < values.PASSWORD_MIN_LENGTH) {
    throw new ConfigError("Invalid configuration:\n  PASSWORD_MAX_LENGTH: must not be below PASSWORD_MIN_LENGTH");
  }
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
    documentSigning: {
      signatory: values.SHOP_SIGNATORY,
      certificate: signingCertificate(values.SHOP_SIGNING_P12, values.SHOP_SIGNING_PASSPHRASE),
    },
    metricsToken: values.METRICS_TOKEN,
    delivery: deliverySettingsOf(values),
    returnDays: values.RETURN_DAYS,
    payments: paymentSettings(values),
    messaging: messagingSettings(values, dataDir),
    // An in-memory database lives in one process, so it gets one worker.
    webConcurrency: values.DATABASE_URL === "file::memory:" ? 1 : (values.WEB_CONCURRENCY ?? availableParallelism()),
    // A worker on PostgreSQL waits on its answers over a socket, and needs more pages in hand to keep
    // its core busy than one on SQLite, whose answers take no wait (record 18, §21).
    pagesAtOnce: values.PAGES_AT_ONCE ?? (values.DATABASE_URL.startsWith("file:") ? 4 : 8),
    workerHeapMb: values.WORKER_HEAP_MB,
    passwordPolicy: passwordPolicy(values),
  };
}

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

function passwordPolicy(values: z.infer<typeof envSchema>): PasswordPolicy {
  return {
    minLength: values.PASSWORD_MIN_LENGTH,
    maxLength: values.PASSWORD_MAX_LENGTH,
    requireLowercase: values.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: values.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: values.PASSWORD_REQUIRE_NUMERIC,
    requireSymbol: values.PASSWORD_REQUIRE_SYMBOL,
  };
}

/** The cap on cash on delivery when the shop also takes money online and no COD_MAX_RUPEES is set. */
export const DEFAULT_COD_MAX_PAISE_WITH_ONLINE = 10_000_00;

/**
 * A cap on cash on delivery sends the buyer to pay online; a shop that takes no money online has
 * nowhere to send them, so there cash has no cap unless COD_MAX_RUPEES sets one.
 */
function paymentSettings(values: z.infer<typeof envSchema>): PaymentSettings {
  const razorpay = razorpaySettings(values);
  const defaultCap = razorpay ? DEFAULT_COD_MAX_PAISE_WITH_ONLINE : Number.MAX_SAFE_INTEGER;
  return {
    razorpay,
    codMaxPaise: values.COD_MAX_RUPEES === undefined ? defaultCap : values.COD_MAX_RUPEES * 100,
    codFeePaise: values.COD_FEE_RUPEES * 100,
    codConfirmAbovePaise: values.COD_CONFIRM_ABOVE_RUPEES === null ? null : values.COD_CONFIRM_ABOVE_RUPEES * 100,
  };
}

/** All three Razorpay keys, or none: half a configuration stops the start, naming what is missing. */
function razorpaySettings(values: z.infer<typeof envSchema>): RazorpaySettings | null {
  const missing = RAZORPAY_KEYS.filter((key) => !values[key]);
  if (missing.length === RAZORPAY_KEYS.length) return null;
  if (missing.length > 0) {
    const lines = missing.map((key) => `  ${key}: is needed for online payment (set all three Razorpay keys, or none)`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    keyId: values.RAZORPAY_KEY_ID ?? "",
    keySecret: values.RAZORPAY_KEY_SECRET ?? "",
    webhookSecret: values.RAZORPAY_WEBHOOK_SECRET ?? "",
    apiUrl: values.RAZORPAY_API_URL,
    checkoutUrl: values.RAZORPAY_CHECKOUT_URL,
  };
}

/** The SMS and WhatsApp settings; a bad one stops the start, naming the setting. */
function messagingSettings(values: z.infer<typeof envSchema>, dataDir: string): MessagingSettings {
  try {
    return messagingSettingsOf(values, dataDir);
  } catch (error) {
    if (error instanceof MessagingSettingError) {
      throw new ConfigError(`Invalid configuration:\n  ${error.setting}: ${error.message}`);
    }
    throw error;
  }
}

/** The certificate named by SHOP_SIGNING_P12, opened now so that a bad file or passphrase stops the start. */
function signingCertificate(file: string | undefined, passphrase: string | undefined): SigningCertificate | undefined {
  if (!file) {
    if (passphrase === undefined) return undefined;
    throw new ConfigError("Invalid configuration:\n  SHOP_SIGNING_PASSPHRASE: is set, but SHOP_SIGNING_P12 is not");
  }
  try {
    return openSigningCertificate(path.resolve(file), passphrase ?? "");
  } catch (error) {
    if (error instanceof SigningSettingError) {
      throw new ConfigError(`Invalid configuration:\n  ${error.setting}: ${error.message}`);
    }
    throw error;
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
