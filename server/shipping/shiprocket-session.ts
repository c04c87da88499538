import { setTimeout as sleep } from "node:timers/promises";
import type { ShiprocketSettings } from "../config/courier-settings.ts";
import { type CarrierCall, CarrierError, isRetryableStatus } from "./carrier.ts";

/** How 429s are waited out: a few tries, each wait bounded; a longer wait is left to the caller. */
export type RetryPolicy = { attempts: number; maxWaitMs: number; baseDelayMs: number };

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, maxWaitMs: 10_000, baseDelayMs: 1_000 };

/** Shiprocket's tokens live 10 days; one is used for 9, and a 401 before then logs in again once. */
const TOKEN_LIFE_MS = 9 * 24 * 60 * 60 * 1000;
const CALL_TIMEOUT_MS = 15_000;
const CARRIER = "Shiprocket";

type Answer = { status: number; body: unknown; retryAfterMs: number | null };

/** Retry-After in seconds or as an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** What Shiprocket said, in a line: its `message`, its field errors, or the start of the body. */
export function carrierWords(body: unknown): string {
  if (typeof body === "string") return body.slice(0, 200) || "(no answer)";
  const record = (body ?? {}) as { message?: unknown; errors?: unknown };
  const errors =
    record.errors && typeof record.errors === "object"
      ? Object.entries(record.errors as Record<string, unknown>)
          .map(([field, words]) => `${field}: ${Array.isArray(words) ? words.join(" ") : String(words)}`)
          .join("; ")
      : "";
  const message = typeof record.message === "string" ? record.message : "";
  return [message, errors].filter(Boolean).join(" — ").slice(0, 300) || JSON.stringify(body).slice(0, 200);
}

/**
 * A logged-in conversation with Shiprocket's API over `fetch`: one bearer token shared by every
 * call (calls that find none wait for one login together), a 401 answered by one fresh login and
 * one retry of the call (never a loop), and a 429 waited out as Retry-After says, a bounded number
 * of times. A 5xx is not retried here: its outcome is unknown, and the caller's step (booking under
 * our order number, an AWB kept once assigned) is what makes trying again safe.
 */
export class ShiprocketSession {
  readonly #settings: ShiprocketSettings;
  readonly #retry: RetryPolicy;
  #token: { value: string; until: number } | null = null;
  #loggingIn: Promise<string> | null = null;

  constructor(settings: ShiprocketSettings, retry: RetryPolicy = DEFAULT_RETRY) {
    this.#settings = settings;
    this.#retry = retry;
  }

  /** Calls the API as `call`, logged in; answers the JSON body of a 2xx, else throws a CarrierError. */
  async request(call: CarrierCall, method: string, path: string, body?: object): Promise<unknown> {
    let token = await this.#validToken();
    let answer = await this.#withRateLimit(call, () => this.#send(call, method, path, body, token));
    if (answer.status === 401) {
      this.#forget(token);
      token = await this.#validToken();
      answer = await this.#withRateLimit(call, () => this.#send(call, method, path, body, token));
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw failure(call, answer);
  }

  async #validToken(): Promise<string> {
    if (this.#token && this.#token.until > Date.now()) return this.#token.value;
    this.#loggingIn ??= this.#login().finally(() => {
      this.#loggingIn = null;
    });
    return this.#loggingIn;
  }

  #forget(token: string) {
    if (this.#token?.value === token) this.#token = null;
  }

  async #login(): Promise<string> {
    const credentials = { email: this.#settings.email, password: this.#settings.password };
    const answer = await this.#withRateLimit("login", () => this.#send("login", "POST", "/auth/login", credentials));
    const token = (answer.body as { token?: unknown } | null)?.token;
    if (answer.status !== 200 || typeof token !== "string" || token === "") throw failure("login", answer);
    this.#token = { value: token, until: Date.now() + TOKEN_LIFE_MS };
    return token;
  }

  async #withRateLimit(call: CarrierCall, send: () => Promise<Answer>): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const answer = await send();
      if (answer.status !== 429 || attempt >= this.#retry.attempts) return answer;
      const wait = answer.retryAfterMs ?? this.#retry.baseDelayMs * 2 ** (attempt - 1);
      if (wait > this.#retry.maxWaitMs) throw failure(call, answer);
      await sleep(wait);
    }
  }

  async #send(call: CarrierCall, method: string, path: string, body: object | undefined, token?: string) {
    let response: Response;
    try {
      response = await fetch(`${this.#settings.apiUrl}${path}`, {
        method,
        headers: {
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CarrierError({ carrier: CARRIER, call, status: null, retryable: true, carrierMessage: reason });
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an HTML error page from a proxy): its text is what went wrong.
    }
    return { status: response.status, body: parsed, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) };
  }
}

function failure(call: CarrierCall, answer: Answer): CarrierError {
  return new CarrierError({
    carrier: CARRIER,
    call,
    status: answer.status,
    retryable: isRetryableStatus(answer.status),
    carrierMessage: carrierWords(answer.body),
    retryAfterMs: answer.retryAfterMs,
  });
}
