import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { toast as showToast, Toaster } from "sonner";
import { loadFrame } from "#server/http/frame.ts";
import { sessionMiddleware } from "#server/http/session-middleware.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { usePendingTheme } from "./components/layout/theme-toggle.tsx";
import { NotFound } from "./components/not-found.tsx";
import { ServerError } from "./components/server-error.tsx";
import type { Theme } from "./lib/theme.ts";
import type { Toast } from "./lib/toast.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { frame, headers } = await loadFrame(request, context);
  return data(frame, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("root");
  const theme = usePendingTheme(frame?.theme ?? "light");
  return (
    <html lang="en-IN" className={theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#09090b" : "#ffffff"} />
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
        <Header viewer={frame?.viewer ?? null} theme={theme} cartCount={frame?.cartCount ?? 0} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <Toaster position="top-right" duration={5000} theme={theme as Theme} richColors closeButton />
        <ToastFromServer toast={frame?.toast ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Shows a toast the server queued (after a redirect or a form post) exactly once. */
function ToastFromServer({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.kind === "error" ? showToast.error : toast.kind === "success" ? showToast.success : showToast;
    show(toast.message, { id: toast.id, duration: toast.durationMs ?? 5000 });
  }, [toast]);
  if (!toast) return null;
  return (
    <noscript>
      <p role="status" className="fixed top-4 right-4 z-50 rounded-md bg-zinc-900 px-4 py-3 text-white">
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
