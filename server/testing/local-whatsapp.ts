import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LANGUAGES, MESSAGE_TEMPLATES } from "../messaging/message-templates.ts";
import { whatsappSignature } from "../messaging/whatsapp-webhook.ts";

/*
 * A stand-in for the WhatsApp Cloud API, for tests and local demos: an HTTP server on 127.0.0.1
 * that takes template messages as the Graph API does (POST /v23.0/{phone number id}/messages with
 * a bearer token), refuses as it does (a bad token, an unknown template or language, the wrong
 * number of values, a number not on its list: the codes and wording of Meta's errors), and posts
 * status webhooks (sent, delivered, read, failed) signed as Meta signs them: X-Hub-Signature-256 =
 * "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. On demand it sends them
 * twice and out of order, as Meta may. It keeps everything in memory and never runs in production.
 */

export type StatusOrder = "in-order" | "duplicated-out-of-order";

export type LocalWhatsappOptions = {
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  verifyToken?: string;
  /** Where status webhooks go (the shop's POST /webhooks/whatsapp); none: no webhooks. */
  webhookUrl?: string;
  /** The numbers that may be written to ("91" and ten digits); "any" by default. */
  recipients?: "any" | string[];
  /** The approved templates, as "name.language"; by default every one the shop sends. */
  templates?: string[];
  /** The statuses each accepted message gets, and in what order they are posted. */
  statuses?: ("sent" | "delivered" | "read")[];
  statusOrder?: StatusOrder;
  /** Told of each message taken and each status posted, in a line (the demo prints them). */
  log?: (line: string) => void;
};

export type AcceptedMessage = { id: string; to: string; template: string; language: string; values: string[] };
export type StatusDelivery = { messageId: string; status: string; answer: number | null };

const API_VERSION = "v23.0";

export class LocalWhatsapp {
  readonly token: string;
  readonly phoneNumberId: string;
  readonly appSecret: string;
  readonly verifyToken: string;
  webhookUrl: string | undefined;
  recipients: "any" | Set<string>;
  statuses: ("sent" | "delivered" | "read")[];
  statusOrder: StatusOrder;
  readonly templates: Map<string, number>;
  readonly accepted: AcceptedMessage[] = [];
  readonly deliveries: StatusDelivery[] = [];
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #log: ((line: string) => void) | undefined;
  #server: Server | null = null;
  #url = "";

  constructor(options: LocalWhatsappOptions = {}) {
    this.token = options.token ?? "local-whatsapp-token-0000";
    this.phoneNumberId = options.phoneNumberId ?? "100000000000001";
    this.appSecret = options.appSecret ?? "local-whatsapp-app-secret-0000";
    this.verifyToken = options.verifyToken ?? "local-whatsapp-verify-token-0000";
    this.webhookUrl = options.webhookUrl;
    this.recipients =
      options.recipients === undefined || options.recipients === "any" ? "any" : new Set(options.recipients);
    this.statuses = options.statuses ?? ["sent", "delivered", "read"];
    this.statusOrder = options.statusOrder ?? "in-order";
    this.#log = options.log;
    this.templates = new Map(
      Object.values(MESSAGE_TEMPLATES).flatMap((template) =>
        template.whatsapp
          ? LANGUAGES.map((language) => [`${template.whatsapp}.${language}`, template.variables.length] as const)
          : [],
      ),
    );
    if (options.templates) {
      const approved = new Set(options.templates);
      for (const key of this.templates.keys()) if (!approved.has(key)) this.templates.delete(key);
    }
  }

  /** The Graph API's address with its version: WHATSAPP_API_URL. */
  get apiUrl(): string {
    return `${this.#url}/${API_VERSION}`;
  }

  /** The settings a shop needs to use this stand-in, as environment variables. */
  settings() {
    return {
      WHATSAPP_TOKEN: this.token,
      WHATSAPP_PHONE_NUMBER_ID: this.phoneNumberId,
      WHATSAPP_APP_SECRET: this.appSecret,
      WHATSAPP_VERIFY_TOKEN: this.verifyToken,
      WHATSAPP_API_URL: this.apiUrl,
    };
  }

  async start(port = 0): Promise<this> {
    const server = createServer((request, response) => {
      this.#handle(request, response).catch((error) =>
        graphError(response, 500, 1, `An unknown error occurred: ${error}`),
      );
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    this.#server = server;
    this.#url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => {
      this.#server?.closeAllConnections();
      this.#server?.close(() => resolve());
    });
  }

  /** Resolves once every webhook posted so far has been answered. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /**
   * Posts status webhooks for a message, one notification each, one after another: as given, or
   * each twice and in reverse order too. A test may sign with another secret (a forgery) or send
   * its own body. Answers the shop's status for each.
   */
  async postStatuses(
    messageId: string,
    statuses: string[],
    options: { order?: StatusOrder; secret?: string; failure?: { code: number; title: string } } = {},
  ): Promise<(number | null)[]> {
    const order = options.order ?? "in-order";
    const sequence =
      order === "in-order" ? statuses : [...[...statuses].reverse(), ...statuses, ...[...statuses].reverse()];
    const answers: (number | null)[] = [];
    const recipient = this.accepted.find((message) => message.id === messageId)?.to ?? "910000000000";
    for (const status of sequence) {
      const body = JSON.stringify(
        statusNotification(this.phoneNumberId, messageId, recipient, status, options.failure),
      );
      answers.push(await this.postWebhook(body, { secret: options.secret, messageId, status }));
    }
    return answers;
  }

  /** Posts a webhook body signed with the app secret (or `secret`); answers the shop's status. */
  postWebhook(
    body: string,
    options: { secret?: string | undefined; messageId?: string; status?: string; signature?: string } = {},
  ): Promise<number | null> {
    const url = this.webhookUrl;
    if (!url) return Promise.resolve(null);
    const delivery: StatusDelivery = { messageId: options.messageId ?? "", status: options.status ?? "", answer: null };
    this.deliveries.push(delivery);
    const sending = fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": options.signature ?? whatsappSignature(options.secret ?? this.appSecret, body),
        "user-agent": "facebookexternalua (local stand-in)",
      },
      body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        delivery.answer = response.status;
        this.#log?.(
          `status ${delivery.status || "(other)"} of ${delivery.messageId || "a message"} → the shop answered ${response.status}`,
        );
        return response.status;
      })
      .catch(() => null)
      .finally(() => this.#inFlight.delete(sending));
    this.#inFlight.add(sending);
    return sending;
  }

  /** Meta's GET handshake against the webhook's address: answers the status and whether the challenge came back. */
  async verifyWebhook(verifyToken = this.verifyToken): Promise<{ status: number; echoed: boolean }> {
    if (!this.webhookUrl) throw new Error("No webhook address to verify.");
    const challenge = String(randomBytes(4).readUInt32BE());
    const url = new URL(this.webhookUrl);
    url.searchParams.set("hub.mode", "subscribe");
    url.searchParams.set("hub.challenge", challenge);
    url.searchParams.set("hub.verify_token", verifyToken);
    const response = await fetch(url);
    return { status: response.status, echoed: (await response.text()) === challenge };
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", this.#url).pathname;
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(path);
    if (request.method !== "POST" || !match) {
      return graphError(
        response,
        400,
        100,
        `Unsupported request - method type: ${String(request.method).toLowerCase()}`,
      );
    }
    if (request.headers.authorization !== `Bearer ${this.token}`) {
      return graphError(response, 401, 190, "Invalid OAuth access token - Cannot parse access token");
    }
    if (match[1] !== this.phoneNumberId) {
      return graphError(response, 400, 100, `Unsupported post request. Object with ID '${match[1]}' does not exist`);
    }
    const body = await readJson(request);
    const refusal = this.#refusal(body);
    if (refusal) return graphError(response, 400, refusal.code, refusal.message, refusal.details);
    const message = this.#accept(body);
    send(response, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: message.to, wa_id: message.to }],
      messages: [{ id: message.id, message_status: "accepted" }],
    });
    if (this.statuses.length > 0 && this.webhookUrl) {
      void this.postStatuses(message.id, this.statuses, { order: this.statusOrder });
    }
  }

  /** Meta's refusal of a template message, if it has one: the error's code, message and details. */
  #refusal(body: TemplateBody): { code: number; message: string; details: string } | null {
    const template = body.template;
    if (
      body.messaging_product !== "whatsapp" ||
      body.type !== "template" ||
      !template?.name ||
      !template.language?.code
    ) {
      return { code: 100, message: "(#100) Invalid parameter", details: "The message must be a template message." };
    }
    const to = String(body.to ?? "").replace(/^\+/, "");
    const expected = this.templates.get(`${template.name}.${template.language.code}`);
    if (expected === undefined) {
      return {
        code: 132001,
        message: "(#132001) Template name does not exist in the translation",
        details: `template name (${template.name}) does not exist in ${template.language.code}`,
      };
    }
    const values = valuesOf(body);
    if (values.length !== expected) {
      return {
        code: 132000,
        message: "(#132000) Number of parameters does not match the expected number of params",
        details: `body: number of localizable_params (${values.length}) does not match the expected number of params (${expected})`,
      };
    }
    if (this.recipients !== "any" && !this.recipients.has(to)) {
      return {
        code: 131030,
        message: "(#131030) Recipient phone number not in allowed list",
        details:
          "Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.",
      };
    }
    return null;
  }

  #accept(body: TemplateBody): AcceptedMessage {
    const message = {
      id: `wamid.${randomBytes(24).toString("base64url")}`,
      to: String(body.to).replace(/^\+/, ""),
      template: body.template?.name ?? "",
      language: body.template?.language?.code ?? "",
      values: valuesOf(body),
    };
    this.accepted.push(message);
    this.#log?.(`took ${message.template} (${message.language}) to +${message.to}: ${message.values.join(" | ")}`);
    return message;
  }
}

type TemplateBody = {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: string;
    language?: { code?: string };
    components?: { type?: string; parameters?: { type?: string; text?: unknown }[] }[];
  };
};

function valuesOf(body: TemplateBody): string[] {
  const bodyComponent = body.template?.components?.find((component) => component.type === "body");
  return (bodyComponent?.parameters ?? []).map((parameter) => String(parameter.text ?? ""));
}

/** One status notification as the Cloud API posts it. */
export function statusNotification(
  phoneNumberId: string,
  messageId: string,
  recipient: string,
  status: string,
  failure?: { code: number; title: string },
) {
  const report: Record<string, unknown> = {
    id: messageId,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: recipient,
  };
  if (status === "failed") {
    const { code, title } = failure ?? { code: 131026, title: "Message undeliverable" };
    report.errors = [{ code, title, message: title, error_data: { details: title } }];
  }
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "100000000000000",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
              statuses: [report],
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

function graphError(response: ServerResponse, status: number, code: number, message: string, details?: string): void {
  send(response, status, {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<TemplateBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error("Body too large.");
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/** A local WhatsApp stand-in, started. */
export async function startLocalWhatsapp(
  options: LocalWhatsappOptions & { port?: number } = {},
): Promise<LocalWhatsapp> {
  return new LocalWhatsapp(options).start(options.port ?? 0);
}
