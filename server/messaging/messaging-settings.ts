import { readFileSync } from "node:fs";
import path from "node:path";
import { isTemplateKey, TEMPLATE_KEYS, type TemplateKey } from "./message-templates.ts";

/** Where SMS go: JSON files in a folder, or the MSG91 gateway's send-template (flow) API. */
export type SmsGateway =
  | { kind: "file"; folder: string }
  | { kind: "msg91"; authKey: string; sender: string; apiUrl: string };

/** A template's registrations: its DLT template id, and the gateway's own id for it (MSG91's). */
export type SmsTemplateIds = { dltTemplateId: string; msg91TemplateId: string | null };

export type WhatsappSettings = {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** What Meta sends as hub.verify_token when the webhook is set up. */
  verifyToken: string;
  /** The Graph API with its version (https://graph.facebook.com/v23.0). */
  apiUrl: string;
};

export type MessagingSettings = {
  sms: SmsGateway;
  smsTemplates: ReadonlyMap<TemplateKey, SmsTemplateIds>;
  /** Null: no WhatsApp messages. */
  whatsapp: WhatsappSettings | null;
};

export type MessagingEnv = {
  SMS_URL?: string | undefined;
  SMS_TEMPLATES?: string | undefined;
  WHATSAPP_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  WHATSAPP_API_URL?: string | undefined;
};

/** A setting that cannot be used, named, with what is wrong with it. */
export class MessagingSettingError extends Error {
  override name = "MessagingSettingError";
  readonly setting: string;
  constructor(setting: string, message: string) {
    super(message);
    this.setting = setting;
  }
}

export const MSG91_API_URL = "https://control.msg91.com";
export const WHATSAPP_API_URL = "https://graph.facebook.com/v23.0";

const SMS_URL_FORM = "must be file:<folder> or msg91://<authkey>@?sender=<6-character DLT header>";

/**
 * The SMS and WhatsApp settings, checked at start: a bad one stops the shop with the setting's
 * name. SMS need no setup (`file:` beside the database); MSG91 needs every template's ids.
 */
export function messagingSettingsOf(env: MessagingEnv, dataDir: string): MessagingSettings {
  const sms = smsGatewayOf(env.SMS_URL, dataDir);
  const smsTemplates = env.SMS_TEMPLATES ? readSmsTemplates(env.SMS_TEMPLATES) : new Map();
  if (sms.kind === "msg91") {
    const missing = TEMPLATE_KEYS.filter((key) => !smsTemplates.get(key)?.msg91TemplateId);
    if (missing.length > 0) {
      throw new MessagingSettingError(
        "SMS_TEMPLATES",
        `MSG91 needs each message's DLT template id and MSG91 template id; missing for ${missing.join(", ")}`,
      );
    }
  }
  return { sms, smsTemplates, whatsapp: whatsappSettingsOf(env) };
}

/** `file:<folder>` (default `<data>/sms`), or `msg91://<authkey>@?sender=KESARS[&api=<base url>]`. */
export function smsGatewayOf(url: string | undefined, dataDir: string): SmsGateway {
  const value = url?.trim();
  if (!value) return { kind: "file", folder: path.join(dataDir, "sms") };
  if (value.startsWith("file:")) {
    const folder = value.slice("file:".length);
    if (!folder) throw new MessagingSettingError("SMS_URL", SMS_URL_FORM);
    return { kind: "file", folder: path.resolve(folder) };
  }
  // Parsed by hand: an authority with a key and no host is no URL to the WHATWG parser.
  const msg91 = /^msg91:\/\/([A-Za-z0-9]{8,64})@\/?\?(.*)$/.exec(value);
  if (!msg91) throw new MessagingSettingError("SMS_URL", SMS_URL_FORM);
  const query = new URLSearchParams(msg91[2]);
  const sender = query.get("sender") ?? "";
  // A DLT header for service messages is six characters.
  if (!/^[A-Za-z0-9]{6}$/.test(sender)) {
    throw new MessagingSettingError("SMS_URL", "sender= must be the 6-character DLT header (e.g. sender=KESARS)");
  }
  const api = query.get("api") ?? MSG91_API_URL;
  if (!/^https?:\/\/[^\s/?#]+$/i.test(api)) {
    throw new MessagingSettingError("SMS_URL", "api= must be an http(s) address without a path");
  }
  return { kind: "msg91", authKey: msg91[1] ?? "", sender: sender.toUpperCase(), apiUrl: api };
}

/**
 * SMS_TEMPLATES: a JSON file mapping each template key ("phone-code.en") to its DLT template id,
 * or to `{ "dltTemplateId": "…", "msg91TemplateId": "…" }`. A key the shop does not send, or an
 * id that is not the DLT platform's digits, stops the start.
 */
export function readSmsTemplates(file: string): Map<TemplateKey, SmsTemplateIds> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.resolve(file), "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "not a JSON file";
    throw new MessagingSettingError("SMS_TEMPLATES", `${file}: ${reason}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new MessagingSettingError("SMS_TEMPLATES", "must be a JSON object of template keys");
  }
  const templates = new Map<TemplateKey, SmsTemplateIds>();
  for (const [key, entry] of Object.entries(parsed)) {
    if (!isTemplateKey(key)) {
      throw new MessagingSettingError(
        "SMS_TEMPLATES",
        `${key} is not a message the shop sends (${TEMPLATE_KEYS[0]}, …)`,
      );
    }
    templates.set(key, templateIdsOf(key, entry));
  }
  return templates;
}

function templateIdsOf(key: string, entry: unknown): SmsTemplateIds {
  const record = typeof entry === "string" ? { dltTemplateId: entry } : (entry as Record<string, unknown>);
  const dlt = record?.dltTemplateId;
  if (typeof dlt !== "string" || !/^\d{10,30}$/.test(dlt)) {
    throw new MessagingSettingError("SMS_TEMPLATES", `${key}: the DLT template id must be the platform's digits`);
  }
  const msg91 = record.msg91TemplateId;
  if (msg91 !== undefined && (typeof msg91 !== "string" || !/^[A-Za-z0-9]{6,64}$/.test(msg91))) {
    throw new MessagingSettingError("SMS_TEMPLATES", `${key}: msg91TemplateId must be MSG91's template id`);
  }
  return { dltTemplateId: dlt, msg91TemplateId: msg91 ?? null };
}

const WHATSAPP_KEYS = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** All four WhatsApp settings, or none (no WhatsApp); half of them stops the start, naming what is missing. */
function whatsappSettingsOf(env: MessagingEnv): WhatsappSettings | null {
  const value = (key: keyof MessagingEnv) => env[key]?.trim() ?? "";
  const missing = WHATSAPP_KEYS.filter((key) => !value(key));
  if (missing.length === WHATSAPP_KEYS.length) return null;
  if (missing.length > 0) {
    throw new MessagingSettingError(
      missing.join(", "),
      "is needed for WhatsApp messages (set the token, phone number id, app secret and verify token, or none)",
    );
  }
  if (!/^\d{5,30}$/.test(value("WHATSAPP_PHONE_NUMBER_ID"))) {
    throw new MessagingSettingError("WHATSAPP_PHONE_NUMBER_ID", "must be the phone number's id (digits) from Meta");
  }
  if (value("WHATSAPP_APP_SECRET").length < 16) {
    throw new MessagingSettingError("WHATSAPP_APP_SECRET", "must be the app secret from the Meta app's settings");
  }
  if (value("WHATSAPP_VERIFY_TOKEN").length < 16) {
    throw new MessagingSettingError("WHATSAPP_VERIFY_TOKEN", "must be at least 16 characters");
  }
  const apiUrl = (value("WHATSAPP_API_URL") || WHATSAPP_API_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s?#]+$/i.test(apiUrl)) {
    throw new MessagingSettingError("WHATSAPP_API_URL", "must be an http:// or https:// address");
  }
  return {
    token: value("WHATSAPP_TOKEN"),
    phoneNumberId: value("WHATSAPP_PHONE_NUMBER_ID"),
    appSecret: value("WHATSAPP_APP_SECRET"),
    verifyToken: value("WHATSAPP_VERIFY_TOKEN"),
    apiUrl,
  };
}
