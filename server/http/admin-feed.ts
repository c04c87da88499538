import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Actor } from "#core/actor.ts";
import { canAny } from "../access.ts";
import { resolveSession } from "../accounts/sessions.service.ts";
import {
  EVENTS_PER_READ,
  latestOrderEvent,
  ORDER_FEED_PERMISSIONS,
  orderEventsAfter,
} from "../admin/order-feed.service.ts";
import { isDatabaseUnreachable } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { readCookie, shopCookies } from "./cookies.ts";

export const ADMIN_FEED_PATH = "/admin/events";
// A comment line this often keeps proxies from closing a quiet stream, and re-checks the session.
const HEARTBEAT_MS = 15_000;
// Streams one process holds open at most: administrators are few; anything more is refused.
const MAX_STREAMS = 50;
// How soon a browser should try again after the stream ends (a node stopping, a network change).
const RETRY_MS = 2_000;
// While the database cannot be reached, a stream reads again this often.
const UNREACHABLE_RETRY_MS = 1_000;

/**
 * The administrator's live feed, as server-sent events: each order placed or moved on, on any
 * node, as `event: order` with the history entry's number as its id. A browser that reconnects
 * sends the last id it saw (Last-Event-ID) and gets everything after it; a new page says where it
 * starts with `?after=`. The session is checked on connecting, before every event and on every
 * heartbeat: once it has ended (logged out anywhere, expired, the account disabled or no longer an
 * administrator) the stream closes.
 */
export function registerAdminFeed(app: FastifyInstance, services: AppServices): void {
  const streams = new Set<PassThrough>();
  // A stopping node closes its streams so that browsers reconnect to another one.
  app.addHook("preClose", async () => {
    for (const stream of streams) stream.end();
  });

  app.get(ADMIN_FEED_PATH, { compress: false }, async (request, reply) => {
    const cookie = shopCookies(services.config.sessionSecret).session(request.protocol === "https");
    const token = await readCookie(cookie, request.headers.cookie);
    const admin = async (): Promise<Actor> => {
      const session = token ? await resolveSession(services.db, token, null) : null;
      return session?.status === "live" ? session.actor : { kind: "visitor", guestId: null };
    };
    // Refuses a visitor (401) or a customer (403) before anything is sent.
    const newest = await latestOrderEvent(services.db, await admin());
    if (streams.size >= MAX_STREAMS)
      throw new AppError("too-many-requests", "Too many live feeds are open. Please try again later.");

    const stream = new PassThrough();
    streams.add(stream);
    const feed = new FeedReader(stream, startingPoint(request, newest), async (after) => {
      const actor = await admin();
      return canAny(actor, ORDER_FEED_PERMISSIONS) ? orderEventsAfter(services.db, actor, after) : null;
    });
    feed.onError = (error) => request.log.warn({ err: error }, "the live feed stopped");
    feed.onUnreachable = (error) =>
      request.log.warn({ err: error }, "the live feed waits for the database to come back");
    const heartbeat = setInterval(() => {
      stream.write(": still here\n\n");
      feed.wake();
    }, HEARTBEAT_MS);
    const unsubscribe = services.orderEvents.subscribe(() => feed.wake());
    const finish = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(stream);
      stream.end();
    };
    stream.on("close", finish);
    stream.on("finish", finish);
    request.raw.on("close", finish);

    stream.write(`retry: ${RETRY_MS}\n: following orders after ${feed.lastSent}\n\n`);
    // Whatever was committed between the page and this connection, or before the reconnect.
    feed.wake();
    return (
      reply
        .header("Content-Type", "text/event-stream; charset=utf-8")
        .header("Cache-Control", "no-store")
        // nginx passes each event on at once instead of filling its buffer first.
        .header("X-Accel-Buffering", "no")
        .send(stream)
    );
  });
}

/**
 * Writes the events after the last one sent, one read at a time: a wake-up during a read asks for
 * another read after it (never two at once), and a full read reads again. The session is checked
 * before every read; once it no longer opens the feed (read answers null), the stream ends.
 * While the database cannot be reached the stream stays open and the read is tried again every
 * second, so that the page catches up by itself once the database is back (record 33).
 */
class FeedReader {
  #reading: Promise<void> | null = null;
  #again = false;
  #waiting = false;
  #retry: ReturnType<typeof setTimeout> | null = null;
  onError: (error: unknown) => void = () => {};
  /** Told once when reads begin to fail for want of the database (not again until one succeeds). */
  onUnreachable: (error: unknown) => void = () => {};

  readonly stream: PassThrough;
  lastSent: number;
  readonly read: (after: number) => Promise<{ id: number }[] | null>;

  constructor(stream: PassThrough, lastSent: number, read: (after: number) => Promise<{ id: number }[] | null>) {
    this.stream = stream;
    this.lastSent = lastSent;
    this.read = read;
  }

  wake(): void {
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = this.#sendNew()
      .then(() => {
        this.#waiting = false;
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnreachable(error)) {
          this.onError(error);
          this.stream.end();
          return;
        }
        if (!this.#waiting) this.onUnreachable(error);
        this.#waiting = true;
        this.#retrySoon();
      })
      .finally(() => {
        this.#reading = null;
      });
  }

  #retrySoon(): void {
    if (this.#retry || this.stream.writableEnded) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.stream.writableEnded) this.wake();
    }, UNREACHABLE_RETRY_MS);
  }

  async #sendNew(): Promise<void> {
    do {
      this.#again = false;
      const events = await this.read(this.lastSent);
      if (!events) return void this.stream.end();
      for (const event of events)
        this.stream.write(`id: ${event.id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`);
      this.lastSent = events.at(-1)?.id ?? this.lastSent;
      // A full read may have left more behind.
      if (events.length === EVENTS_PER_READ) this.#again = true;
    } while (this.#again && !this.stream.writableEnded);
  }
}

/** The last event the browser saw (on a reconnect), the one its page started from, or now. */
function startingPoint(request: FastifyRequest, newest: number): number {
  const query = request.query as Record<string, unknown>;
  for (const candidate of [request.headers["last-event-id"], query.after]) {
    if (typeof candidate === "string" && /^\d{1,15}$/.test(candidate)) return Math.min(Number(candidate), newest);
  }
  return newest;
}
