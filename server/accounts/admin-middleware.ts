import type { MiddlewareFunction } from "react-router";
import { requireAdmin } from "./guards.ts";

/** Pages: anyone but an administrator goes to /login. Posts: 403. */
export const adminOnly: MiddlewareFunction<Response> = async ({ context, request, url }, next) => {
  requireAdmin({ context, request, url });
  return next();
};
