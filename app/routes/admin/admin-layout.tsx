import { Outlet } from "react-router";
import { adminOnlyMiddleware } from "#server/http/route-guards.ts";
import type { Route } from "./+types/admin-layout";

/**
 * The one gate of the admin area: it runs before the loader or action of every admin screen, so a
 * screen added under this layout cannot forget it. The screens check again themselves.
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnlyMiddleware];

export default function AdminLayout() {
  return <Outlet />;
}
