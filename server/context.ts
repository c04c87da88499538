import { createContext } from "react-router";
import type { Config } from "./config.ts";
import type { Engine } from "./db/database.ts";
import type { Db } from "./db/schema.ts";
import type { Storage } from "./storage/storage.ts";

/** What every loader and action can reach: made once at start by server.ts. */
export type AppServices = {
  config: Config;
  db: Db;
  engine: Engine;
  storage: Storage;
};

/** Per request: the CSP nonce for the page's scripts, and the client's address for rate limits. */
export type RequestInfo = {
  nonce: string | undefined;
  ip: string;
  secure: boolean;
};

/*
 * The tokens are imported as "#app-context" by both server.ts and the route modules; the build keeps
 * that import external so that both sides hold the very same token objects.
 */
export const appContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
