import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { toast as showToast, Toaster } from "sonner";
import { loadFrame } from "#server/http/frame.ts";
import { sessionMiddleware } from "#server/http/session-middleware.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { AdminShell } from "./components/admin/admin-shell.tsx";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { usePendingTheme } from "./components/layout/theme-toggle.tsx";
import { NotFound } from "./components/not-found.tsx";
import { ServerError } from "./components/server-error.tsx";
import { themeClass } from "./lib/theme.ts";
import type { Toast } from "./lib/toast.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

const ADMIN_LAYOUT_ID = "routes/admin/admin-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { frame, headers } = await loadFrame(request, context);
  return data(frame, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("root");
  const theme = usePendingTheme(frame?.theme ?? "system");
  // The admin area has a frame of its own.
  const inAdmin = useMatches().some((match) => match.id === ADMIN_LAYOUT_ID);
  return (
    <html lang="en-IN" className={themeClass(theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {theme === "system" ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#09090b" />
            <meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />
          </>
        ) : (
          <meta name="theme-color" content={theme === "dark" ? "#09090b" : "#ffffff"} />
        )}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-gold-400 px-4 py-2 text-zinc-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {inAdmin ? (
          <AdminShell viewer={frame?.viewer ?? null} theme={theme}>
            {children}
          </AdminShell>
        ) : (
          <>
            <Header
              viewer={frame?.viewer ?? null}
              theme={theme}
              cartCount={frame?.cartCount ?? 0}
              wishlistCount={frame?.wishlistCount ?? 0}
            />
            <main id="main" className="flex-1">
              {children}
            </main>
            <Footer />
          </>
        )}
        {/* Toasts sit at the bottom, where they cover none of the header's controls. */}
        <Toaster position="bottom-right" duration={5000} theme={theme} richColors closeButton />
        <ToastFromServer toast={frame?.toast ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Shows a toast the server queued (after a redirect or a form post) exactly once. */
function ToastFromServer({ toast }: { toast: Toast | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!toast) return;
    const show = toast.kind === "error" ? showToast.error : toast.kind === "success" ? showToast.success : showToast;
    const { action } = toast;
    show(toast.message, {
      id: toast.id,
      duration: toast.durationMs ?? 5000,
      ...(action ? { action: { label: action.label, onClick: () => void navigate(action.to) } } : {}),
    });
  }, [toast, navigate]);
  if (!toast) return null;
  return (
    <noscript>
      <p role="status" className="fixed right-4 bottom-4 z-50 rounded-md bg-zinc-900 px-4 py-3 text-white">
        {toast.message}
      </p>
    </noscript>
  );
}

export default function App() {
  // A mark that the page is live (hydrated), which the browser tests wait for instead of guessing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" && error.status < 500
      ? error.data.message
      : "Something went wrong on our side. Please try again in a moment.";
  return <ServerError message={message} />;
}
