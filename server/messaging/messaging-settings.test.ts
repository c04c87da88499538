import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "../config.ts";
import { testConfig } from "../testing/test-config.ts";
import {
  DLT_VARIABLE_MAX,
  LANGUAGES,
  MESSAGE_TEMPLATES,
  registeredText,
  smsText,
  TEMPLATE_KEYS,
} from "./message-templates.ts";
import { MSG91_API_URL, WHATSAPP_API_URL } from "./messaging-settings.ts";

const folder = mkdtempSync(path.join(tmpdir(), "shop-sms-settings-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function templatesFile(content: unknown): string {
  const file = path.join(folder, `templates-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** The message the shop stops with for these settings. */
function refusal(env: Record<string, string>): string {
  try {
    testConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("The settings were taken.");
}

const WHATSAPP = {
  WHATSAPP_TOKEN: "EAAG-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
  WHATSAPP_VERIFY_TOKEN: "a-verify-token-of-ours",
};

describe("SMS and WhatsApp settings, checked at start", () => {
  it("writes SMS to files beside the database by default, and has no WhatsApp", () => {
    const { messaging, dataDir } = testConfig({ DATABASE_URL: `file:${path.join(folder, "shop.db")}` });
    expect(messaging).toEqual({
      sms: { kind: "file", folder: path.join(dataDir, "sms") },
      smsTemplates: new Map(),
      whatsapp: null,
    });
  });

  it("reads MSG91's form and every template's ids from SMS_TEMPLATES", () => {
    const ids = Object.fromEntries(
      TEMPLATE_KEYS.map((key, index) => [
        key,
        {
          dltTemplateId: `11071700000000${String(index).padStart(5, "0")}`,
          msg91TemplateId: `66a1b2c3d4e5f607182930${index}`,
        },
      ]),
    );
    const { messaging } = testConfig({
      SMS_URL: "msg91://abcd1234efgh5678@?sender=kesars",
      SMS_TEMPLATES: templatesFile(ids),
    });
    expect(messaging.sms).toEqual({
      kind: "msg91",
      authKey: "abcd1234efgh5678",
      sender: "KESARS",
      apiUrl: MSG91_API_URL,
    });
    expect(messaging.smsTemplates.get("phone-code.hi")).toEqual(ids["phone-code.hi"]);
  });

  it("stops with the setting's name and what is wrong with it", () => {
    expect(refusal({ SMS_URL: "sms://somewhere" })).toBe(
      "Invalid configuration:\n  SMS_URL: must be file:<folder> or msg91://<authkey>@?sender=<6-character DLT header>",
    );
    expect(refusal({ SMS_URL: "msg91://abcd1234efgh5678@?sender=KESAR" })).toContain(
      "SMS_URL: sender= must be the 6-character DLT header",
    );
    expect(refusal({ SMS_URL: "msg91://abcd1234efgh5678@?sender=KESARS" })).toContain(
      "SMS_TEMPLATES: MSG91 needs each message's DLT template id and MSG91 template id; missing for phone-code.en, phone-code.hi",
    );
    expect(refusal({ SMS_TEMPLATES: path.join(folder, "none.json") })).toContain("SMS_TEMPLATES:");
    expect(refusal({ SMS_TEMPLATES: path.join(folder, "none.json") })).toContain("no such file");
    expect(refusal({ SMS_TEMPLATES: templatesFile("{") })).toContain("not a JSON file");
    expect(refusal({ SMS_TEMPLATES: templatesFile({ "phone-code.fr": "1107170000000000001" }) })).toContain(
      "SMS_TEMPLATES: phone-code.fr is not a message the shop sends",
    );
    expect(refusal({ SMS_TEMPLATES: templatesFile({ "phone-code.en": "ABC" }) })).toContain(
      "SMS_TEMPLATES: phone-code.en: the DLT template id must be the platform's digits",
    );
    expect(refusal({ WHATSAPP_TOKEN: "EAAG-token" })).toBe(
      "Invalid configuration:\n  WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: is needed for WhatsApp messages (set the token, phone number id, app secret and verify token, or none)",
    );
    expect(refusal({ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: "+91 98200" })).toContain(
      "WHATSAPP_PHONE_NUMBER_ID: must be",
    );
    expect(refusal({ ...WHATSAPP, WHATSAPP_VERIFY_TOKEN: "short" })).toContain(
      "WHATSAPP_VERIFY_TOKEN: must be at least 16",
    );
  });

  it("turns WhatsApp on with all four settings, on Meta's Graph API unless told otherwise", () => {
    expect(testConfig(WHATSAPP).messaging.whatsapp).toEqual({
      token: "EAAG-token",
      phoneNumberId: "106540352242922",
      appSecret: "0123456789abcdef0123456789abcdef",
      verifyToken: "a-verify-token-of-ours",
      apiUrl: WHATSAPP_API_URL,
    });
  });
});

describe("the message templates", () => {
  it("has each message in English and Hindi, with one {#var#} per value and a fixed part around them", () => {
    for (const [kind, template] of Object.entries(MESSAGE_TEMPLATES)) {
      for (const language of LANGUAGES) {
        const text = template.sms[language];
        expect(text.match(/\{#var#\}/g)?.length, `${kind}.${language}`).toBe(template.variables.length);
        expect(text.replace(/\{#var#\}|\{site\}/g, "").trim().length).toBeGreaterThan(20);
        expect(text).toContain("Kesar");
      }
    }
  });

  it("fills the values in order and the shop's address, as the text was registered", () => {
    const values = { orderNumber: "KS-100042", courier: "Delhivery", linkCode: "abc123" };
    expect(registeredText("order-shipped.en", "https://kesar.in/")).toBe(
      "Your Kesar order {#var#} is on its way with {#var#}. Track it: kesar.in/m/{#var#} - Kesar",
    );
    expect(smsText("order-shipped.en", values, "https://kesar.in")).toBe(
      "Your Kesar order KS-100042 is on its way with Delhivery. Track it: kesar.in/m/abc123 - Kesar",
    );
    // A value that looks like a template changes nothing else.
    expect(smsText("order-delivered.en", { orderNumber: "{#var#}" }, "https://kesar.in")).toBe(
      "Your Kesar order {#var#} has been delivered. Thank you for shopping with us. - Kesar",
    );
    expect(() => smsText("order-delivered.en", { orderNumber: "x".repeat(DLT_VARIABLE_MAX + 1) }, "")).toThrow(
      "longer than 30 characters",
    );
    expect(() => smsText("order-delivered.en", { orderNumber: "KS-1\nClick here" }, "")).toThrow("control character");
    expect(() => smsText("order-delivered.en", {}, "")).toThrow("has no orderNumber");
  });
});
