import { Outlet, useRouteLoaderData } from "react-router";
import { adminOnlyMiddleware } from "../../.server/guards.ts";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
import { usePendingTheme } from "../../components/layout/theme-toggle.tsx";
import { LazyErrorScreen } from "../../components/lazy-error-screen.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/admin-layout";

/**
 * The one gate of the admin area: it runs before the loader or action of every admin screen, so a
 * screen added under this layout cannot forget it. The screens check again themselves.
 */
export const middleware: Route.MiddlewareFunction[] = [adminOnlyMiddleware];

/** The admin area's frame lives here, so the storefront's pages never load its code. */
function AdminFrame({ children }: { children: React.ReactNode }) {
  const frame = useRouteLoaderData<typeof rootLoader>("root");
  const theme = usePendingTheme(frame?.theme ?? "system");
  return (
    <AdminShell viewer={frame?.viewer ?? null} theme={theme}>
      {children}
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame>
      <LazyErrorScreen error={error} />
    </AdminFrame>
  );
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
