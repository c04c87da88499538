import type { Config } from "./config.ts";
import type { Engine, PoolStats } from "./db/database.ts";
import type { Db } from "./db/schema.ts";
import type { OrderEventSignal } from "./orders/order-feed.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import type { CarrierProvider } from "./shipping/carrier.ts";
import type { Storage } from "./storage/storage.ts";

/** What every loader and action can reach: made once at start by server.ts. */
export type AppServices = {
  config: Config;
  db: Db;
  engine: Engine;
  storage: Storage;
  /** Wakes the administrators' live feeds when an order is placed or moves, on any node. */
  orderEvents: OrderEventSignal;
  /** The online payment gateway; null when the shop takes cash on delivery only. */
  payments: PaymentGateway | null;
  /** The courier booked through (Shiprocket); null when the shop ships by hand. One per process: it keeps its login. */
  carrier: CarrierProvider | null;
  /** PostgreSQL's connection pool, for the metrics. */
  poolStats?: () => PoolStats;
};

/** The request's logger: pino's, bound to the request id, at the configured LOG_LEVEL. */
export type RequestLog = {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
};

/** Per request: the CSP nonce for the page's scripts, the client's address, and the request's logger. */
export type RequestInfo = {
  /** The signed-in person's id, once the session middleware has found it (for the request log). */
  userId?: string;
  nonce: string | undefined;
  ip: string;
  secure: boolean;
  log: RequestLog;
  /**
   * Rendered once for every visitor (the page cache): the page's frame is a stranger's, and the
   * page fills in the shopper's own name and counts after it loads.
   */
  shared?: boolean;
};
