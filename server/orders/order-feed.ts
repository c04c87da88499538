import pg from "pg";
import { clusterSignal } from "../jobs/cluster-signal.ts";
import { orderEventsChannel } from "./order-events.repository.ts";

/*
 * Order events are rows of the orders' history (order-events.repository.ts); this module only says
 * "there may be new ones". Whoever follows the feed then reads every entry after the last one it
 * saw, so a lost or doubled wake-up costs a query, never an event.
 */

const announcements = clusterSignal("order-event");
// After the PostgreSQL listener loses its connection, it tries again this often.
const RECONNECT_MS = 1_000;
// An attempt to reach a database whose host does not answer is given up after this long.
const RECONNECT_TIMEOUT_MS = 5_000;

/**
 * Called after a transaction that wrote an order event has committed: wakes this process's
 * followers and, through the cluster's primary, the sibling workers' (which share a SQLite file;
 * on PostgreSQL the commit's NOTIFY reaches every node as well).
 */
export function announceOrderEvent(): void {
  announcements.announce();
}

export type OrderEventSignal = {
  /** Calls `wake` whenever an order event may have been committed, on this node or another. */
  subscribe: (wake: () => void) => () => void;
  /** Settles once events of other nodes are heard (at once on SQLite, which has no other nodes). */
  listening: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * This process's ear for order events. On PostgreSQL it holds one connection that LISTENs for the
 * commits of every node, opened when the first follower arrives; a lost connection is opened again,
 * and its followers are woken to read whatever they may have missed meanwhile.
 */
export function openOrderEventSignal(databaseUrl: string): OrderEventSignal {
  const followers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of followers) wake();
  };
  const stopHearing = announcements.subscribe(wakeAll);
  const listener = databaseUrl.startsWith("file:") ? null : new CommitListener(databaseUrl, wakeAll);
  return {
    subscribe(wake) {
      followers.add(wake);
      void listener?.listen();
      return () => followers.delete(wake);
    },
    listening: () => listener?.listening ?? Promise.resolve(),
    async close() {
      stopHearing();
      followers.clear();
      await listener?.close();
    },
  };
}

/**
 * One PostgreSQL connection that LISTENs on this schema's channel and wakes the followers on every
 * notification; a lost connection wakes them too (they read what they may have missed) and is
 * opened again after a pause.
 */
class CommitListener {
  readonly #databaseUrl: string;
  readonly #wakeAll: () => void;
  #client: pg.Client | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #closed = false;
  #markListening = () => {};
  readonly listening = new Promise<void>((resolve) => {
    this.#markListening = resolve;
  });

  constructor(databaseUrl: string, wakeAll: () => void) {
    this.#databaseUrl = databaseUrl;
    this.#wakeAll = wakeAll;
  }

  async listen(): Promise<void> {
    if (this.#closed || this.#client) return;
    const connection = new pg.Client({
      connectionString: this.#databaseUrl,
      connectionTimeoutMillis: RECONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    this.#client = connection;
    let heard = false;
    // Followers read what they may have missed when a listening connection is lost, not after
    // every attempt that fails while the database is away.
    const lost = () => this.#lost(connection, heard);
    connection.on("error", lost);
    connection.on("end", lost);
    let channel = "";
    connection.on("notification", (message) => {
      if (message.channel === channel) this.#wakeAll();
    });
    try {
      await connection.connect();
      const schema = await connection.query<{ schema: string }>("select current_schema() as schema");
      channel = orderEventsChannel(schema.rows[0]?.schema ?? "public");
      await connection.query(`listen "${channel.replaceAll('"', '""')}"`);
      heard = true;
      this.#markListening();
      // Whatever committed while the listener was away.
      this.#wakeAll();
    } catch {
      lost();
    }
  }

  #lost(connection: pg.Client, wasListening: boolean): void {
    if (this.#client !== connection) return;
    this.#client = null;
    connection.end().catch(() => {});
    if (wasListening) this.#wakeAll();
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.listen();
    }, RECONNECT_MS);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    const connection = this.#client;
    this.#client = null;
    await connection?.end().catch(() => {});
  }
}
