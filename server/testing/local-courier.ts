import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ShiprocketSettings } from "../config/courier-settings.ts";
import { renderShippingLabels, type ShippingLabel } from "../shipping/labels.ts";
import { shiprocketWebhookUrlProblem } from "../shipping/shipment-webhook.ts";
import {
  type Answer,
  assignAwb,
  type CourierState,
  cancelOrders,
  createOrder,
  generateLabel,
  generatePickup,
  ndrAction,
  type Parcel,
} from "./local-courier-api.ts";
import {
  locationOf,
  type PlayedEvent,
  scanOf,
  scanTimestamp,
  sendingOrder,
  webhookBody,
} from "./local-courier-lives.ts";

/*
 * A stand-in for Shiprocket, for tests and local demos (record 39): an HTTP server on 127.0.0.1
 * that speaks the parts of its external API the shop uses, with its rules (a label or a pickup
 * before an AWB is refused, the same order_id twice is one shipment, tokens expire, 429s come in
 * bursts on demand, bulk labels fail per shipment), serves the labels it makes, and plays each
 * parcel's life through the status webhook with the `x-api-key` token: delivered, a failed attempt
 * then delivered, or three failed attempts then back to the seller, each with duplicates and
 * out-of-order deliveries on demand. It keeps everything in memory and never runs in production.
 */

export type LocalCourierOptions = {
  email?: string;
  password?: string;
  pickupLocation?: string;
  webhookToken?: string;
  /** Where status webhooks go (the shop's POST /webhooks/shipments); none: they are not sent. */
  webhookUrl?: string;
  /** How long a token lives (Shiprocket's: 10 days). */
  tokenTtlMs?: number;
  /** Pincodes no courier serves: their AWB assignment is refused. */
  unserviceablePincodes?: readonly string[];
};

export type WebhookDelivery = { awb: string; status: string; answer: number | null };
export type CourierCallRecord = { method: string; path: string; status: number; at: number };

const TEN_DAYS = 10 * 24 * 60 * 60 * 1000;
const API = "/v1/external";

export class LocalCourier {
  readonly email: string;
  readonly password: string;
  readonly pickupLocation: string;
  readonly webhookToken: string;
  #webhookUrl: string | undefined;
  /** Every API call answered, in order. */
  readonly calls: CourierCallRecord[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  /** Calls that came while a 429's Retry-After had not yet passed. */
  earlyRetries = 0;
  readonly #state: CourierState;
  readonly #tokenTtlMs: number;
  readonly #tokens = new Map<string, number>();
  readonly #labels = new Map<string, number[]>();
  readonly #inFlight = new Set<Promise<unknown>>();
  #refuseTokens = false;
  #burst = { remaining: 0, retryAfterSeconds: null as number | null };
  #closedUntil = 0;
  #server: Server | null = null;
  #url = "";

  constructor(options: LocalCourierOptions = {}) {
    this.email = options.email ?? "api-user@kesar.local";
    this.password = options.password ?? "local-courier-password-0000";
    this.pickupLocation = options.pickupLocation ?? "Kesar Bandra";
    this.webhookToken = options.webhookToken ?? "local-webhook-token-0000";
    this.webhookUrl = options.webhookUrl;
    this.#tokenTtlMs = options.tokenTtlMs ?? TEN_DAYS;
    this.#state = {
      parcels: new Map(),
      pickupLocation: this.pickupLocation,
      unserviceablePincodes: new Set(options.unserviceablePincodes ?? []),
      courierName: "Delhivery Surface",
      next: { order: 380_000_001, shipment: 370_000_001 },
    };
  }

  /** Where status webhooks go (none: they are not sent); an address Shiprocket's panel would refuse is refused. */
  get webhookUrl(): string | undefined {
    return this.#webhookUrl;
  }

  set webhookUrl(url: string | undefined) {
    const problem = url ? shiprocketWebhookUrlProblem(url) : null;
    if (problem) throw new Error(problem);
    this.#webhookUrl = url;
  }

  /** The base address (http://127.0.0.1:port). */
  get url(): string {
    return this.#url;
  }

  /** The settings a shop needs to book with this courier (SHIPROCKET_*). */
  settings(): ShiprocketSettings {
    return {
      email: this.email,
      password: this.password,
      pickupLocation: this.pickupLocation,
      webhookToken: this.webhookToken,
      apiUrl: `${this.#url}${API}`,
    };
  }

  async start(port = 0): Promise<this> {
    const server = createServer((request, response) => {
      this.#handle(request, response).catch((error) => {
        reply(response, 500, { message: String(error), status_code: 500 });
      });
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

  /** Resolves once every webhook sent so far has been answered. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Every token given so far stops working (as at the end of its 10 days). */
  expireTokens(): void {
    for (const token of this.#tokens.keys()) this.#tokens.set(token, 0);
  }

  /** While on, every token is refused with a 401, even one just given. */
  refuseEveryToken(on: boolean): void {
    this.#refuseTokens = on;
  }

  /** The next `count` calls get 429, with Retry-After (seconds) unless null; 0 lifts any limit at once. */
  rateLimit(count: number, retryAfterSeconds: number | null): void {
    this.#burst = { remaining: count, retryAfterSeconds };
    this.#closedUntil = 0;
  }

  /** Every parcel booked, oldest first. */
  get parcels(): Parcel[] {
    return [...this.#state.parcels.values()];
  }

  parcelByReference(reference: string): Parcel | undefined {
    return this.parcels.find((parcel) => parcel.reference === reference);
  }

  parcelByAwb(awb: string): Parcel | undefined {
    return this.parcels.find((parcel) => parcel.awb === awb);
  }

  /**
   * The next step of the parcel's life (two when its life is shuffled): recorded for tracking and
   * sent as webhooks, in its life's order and number; answers once the shop has answered them.
   */
  async advance(awb: string): Promise<PlayedEvent[]> {
    const parcel = this.parcelByAwb(awb);
    if (!parcel) throw new Error(`No parcel with AWB ${awb}.`);
    const step = parcel.queue.splice(0, parcel.life.shuffled ? 2 : 1);
    const city = String(parcel.order.billing_city ?? "Destination");
    const played = step.map((status) => {
      const last = parcel.history.at(-1)?.at ?? 0;
      // Whole seconds, as the webhook's clock has, and always after the event before.
      const at = Math.max(Math.floor(Date.now() / 1000) * 1000, last + 1000);
      const event = { status, at, location: locationOf(status, city) };
      parcel.history.push(event);
      return event;
    });
    for (const event of sendingOrder(played, parcel.life)) {
      await this.#sendEvent(parcel, event);
    }
    return played;
  }

  /** The parcel's whole remaining life, step by step. */
  async play(awb: string): Promise<PlayedEvent[]> {
    const played: PlayedEvent[] = [];
    while ((this.parcelByAwb(awb)?.queue.length ?? 0) > 0) played.push(...(await this.advance(awb)));
    return played;
  }

  /**
   * Advances every parcel with a life ahead of it by one step every `intervalMs` (for demos and
   * journeys); answers a stop. A failed delivery waits, as a courier waits for the seller's NDR
   * action, until the shop answers it or `ndrPatienceSteps` steps have passed.
   */
  autoplay(intervalMs: number, ndrPatienceSteps = 3): () => void {
    const waited = new Map<string, number>();
    const timer = setInterval(() => {
      for (const parcel of this.parcels) {
        if (!parcel.awb || parcel.queue.length === 0) continue;
        const last = parcel.history.at(-1);
        const failedAttempts = parcel.history.filter((event) => event.status.label === "UNDELIVERED").length;
        const answered = parcel.ndrActions.length >= failedAttempts;
        if (last?.status.label === "UNDELIVERED" && !answered) {
          const steps = (waited.get(parcel.awb) ?? 0) + 1;
          waited.set(parcel.awb, steps);
          if (steps <= ndrPatienceSteps) continue;
        }
        waited.delete(parcel.awb);
        void this.advance(parcel.awb).catch(() => undefined);
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }

  /**
   * Posts a webhook body as Shiprocket does, with this courier's token unless another is given (a
   * forgery) or none (`token: null`); a raw string is sent as it is. Answers the shop's status.
   */
  send(body: object | string, options: { token?: string | null } = {}): Promise<number | null> {
    const url = this.webhookUrl;
    if (!url) return Promise.resolve(null);
    const token = options.token === undefined ? this.webhookToken : options.token;
    const sending = fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token === null ? {} : { "x-api-key": token }) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => null)
      .finally(() => this.#inFlight.delete(sending));
    this.#inFlight.add(sending);
    return sending;
  }

  async #sendEvent(parcel: Parcel, event: PlayedEvent) {
    const body = webhookBody(
      {
        awb: parcel.awb ?? "",
        courierName: parcel.courierName,
        reference: parcel.reference,
        srOrderId: parcel.srOrderId,
        awbAssignedAt: parcel.awbAssignedAt,
        pickupScheduledAt: parcel.pickupScheduledAt ?? parcel.awbAssignedAt,
        history: parcel.history,
      },
      event,
    );
    const answer = await this.send(body);
    this.deliveries.push({ awb: parcel.awb ?? "", status: event.status.label, answer });
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.#url);
    const label = /^\/labels\/(\w+)\.pdf$/.exec(url.pathname);
    if (request.method === "GET" && label) return this.#serveLabel(label[1] ?? "", response);
    const path = url.pathname.startsWith(API) ? url.pathname.slice(API.length) : "";
    const now = Date.now();
    const answer = await this.#answer(request, `${request.method} ${path}`, now);
    this.calls.push({ method: request.method ?? "", path, status: answer.status, at: now });
    const headers: Record<string, string> = {};
    if (answer.status === 429 && this.#burst.retryAfterSeconds !== null) {
      headers["Retry-After"] = String(this.#burst.retryAfterSeconds);
    }
    reply(response, answer.status, answer.body, headers);
  }

  async #answer(request: IncomingMessage, route: string, now: number): Promise<Answer> {
    const body = request.method === "POST" ? await readJson(request) : {};
    if (this.#limited(now)) return { status: 429, body: { message: "You have exceeded the API call rate limit." } };
    if (route === "POST /auth/login") return this.#login(body, now);
    if (!this.#authorised(request, now)) return { status: 401, body: { message: "Unauthenticated." } };
    return this.#route(route, body, now);
  }

  #route(route: string, body: Record<string, unknown>, now: number): Answer {
    if (route === "POST /orders/create/adhoc") return createOrder(this.#state, body);
    if (route === "POST /courier/assign/awb") return assignAwb(this.#state, body, now);
    if (route === "POST /courier/generate/pickup") return generatePickup(this.#state, body, now);
    if (route === "POST /courier/generate/label") return generateLabel(this.#state, body, (ids) => this.#labelUrl(ids));
    if (route === "POST /orders/cancel") return cancelOrders(this.#state, body);
    const track = /^GET \/courier\/track\/awb\/([\w-]+)$/.exec(route);
    if (track) return this.#track(track[1] ?? "");
    const ndr = /^POST \/ndr\/([\w-]+)\/action$/.exec(route);
    if (ndr) return ndrAction(this.parcelByAwb(ndr[1] ?? ""), body, now);
    return { status: 404, body: { message: "404 Not Found", status_code: 404 } };
  }

  /** A 429 burst in progress; a call inside a Retry-After already given is counted as too early. */
  #limited(now: number): boolean {
    if (now < this.#closedUntil) this.earlyRetries++;
    if (this.#burst.remaining <= 0) return now < this.#closedUntil;
    this.#burst.remaining--;
    this.#closedUntil = now + (this.#burst.retryAfterSeconds ?? 0) * 1000;
    return true;
  }

  #login(body: Record<string, unknown>, now: number): Answer {
    if (body.email !== this.email || body.password !== this.password) {
      return { status: 400, body: { message: "Invalid email and password combination", status_code: 400 } };
    }
    const token = randomBytes(24).toString("base64url");
    this.#tokens.set(token, now + this.#tokenTtlMs);
    return {
      status: 200,
      body: { id: 1, email: this.email, company_id: 1, created_at: new Date(now).toISOString(), token },
    };
  }

  #authorised(request: IncomingMessage, now: number): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    return !this.#refuseTokens && (this.#tokens.get(token) ?? 0) > now;
  }

  #track(awb: string): Answer {
    const parcel = this.parcelByAwb(awb);
    if (!parcel) return { status: 404, body: { message: "404 Not Found", status_code: 404 } };
    const last = parcel.history.at(-1);
    if (!last) {
      const error = "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.";
      return { status: 200, body: { tracking_data: { track_status: 0, error } } };
    }
    const shipmentTrack = {
      awb_code: parcel.awb,
      shipment_id: parcel.shipmentId,
      order_id: parcel.srOrderId,
      current_status: last.status.label,
      courier_name: parcel.courierName,
      destination: String(parcel.order.billing_city ?? ""),
    };
    return {
      status: 200,
      body: {
        tracking_data: {
          track_status: 1,
          shipment_status: last.status.id,
          shipment_track: [shipmentTrack],
          shipment_track_activities: [...parcel.history].reverse().map(scanOf),
          track_url: `${this.#url}/tracking/${parcel.awb}`,
          etd: scanTimestamp((parcel.pickupScheduledAt ?? last.at) + 4 * 24 * 60 * 60 * 1000),
        },
      },
    };
  }

  #labelUrl(ids: number[]): string {
    const key = randomBytes(9).toString("hex");
    this.#labels.set(key, ids);
    return `${this.#url}/labels/${key}.pdf`;
  }

  async #serveLabel(key: string, response: ServerResponse): Promise<void> {
    const parcels = (this.#labels.get(key) ?? [])
      .map((id) => this.#state.parcels.get(id))
      .filter((parcel) => parcel?.awb);
    if (parcels.length === 0) return reply(response, 404, { message: "No such label" });
    const pdf = await renderShippingLabels(parcels.map((parcel) => labelOf(parcel as Parcel, this.pickupLocation)));
    response.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": pdf.length });
    response.end(pdf);
  }
}

/** The label the local courier prints for a parcel, from what it was booked with. */
function labelOf(parcel: Parcel, pickupLocation: string): ShippingLabel {
  const order = parcel.order;
  const text = (field: string) => String(order[field] ?? "");
  const items = Array.isArray(order.order_items) ? (order.order_items as { units?: unknown }[]) : [];
  const cod = /^cod$/i.test(text("payment_method"));
  return {
    awb: parcel.awb ?? "",
    courierName: parcel.courierName,
    routingCode: "S2/BOM/1A",
    orderNumber: parcel.reference,
    orderedAt: Date.parse(`${text("order_date").replace(" ", "T")}:00+05:30`) || Date.now(),
    payment: cod ? { method: "cod", collect: Math.round(Number(order.sub_total) * 100) } : { method: "prepaid" },
    to: {
      name: `${text("billing_customer_name")} ${text("billing_last_name")}`.trim(),
      address: `${text("billing_address")} ${text("billing_address_2")}`.trim(),
      city: text("billing_city"),
      state: text("billing_state"),
      pincode: text("billing_pincode"),
      phone: text("billing_phone"),
    },
    from: { name: pickupLocation, address: "Pickup location registered with the local courier" },
    parcel: {
      weightGrams: Math.round(Number(order.weight) * 1000),
      lengthCm: Number(order.length),
      breadthCm: Number(order.breadth),
      heightCm: Number(order.height),
    },
    pieces: items.reduce((sum, item) => sum + Number(item.units ?? 0), 0),
  };
}

/** A local courier, started. */
export async function startLocalCourier(options: LocalCourierOptions & { port?: number } = {}): Promise<LocalCourier> {
  return new LocalCourier(options).start(options.port ?? 0);
}

function reply(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204) {
    response.writeHead(204, headers);
    response.end();
    return;
  }
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 256 * 1024) throw new Error("Body too large.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    const parsed = text ? JSON.parse(text) : {};
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}
