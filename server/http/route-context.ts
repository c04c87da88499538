import { createContext } from "react-router";
import type { AppServices, RequestInfo } from "../services.ts";

/**
 * The two tokens the host puts into every page request's context: the shop's services, and this
 * request's details. There is one copy of this module at run time (server/ stays outside the page
 * bundle), so the pages read the very tokens the host set.
 */
export const appContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
