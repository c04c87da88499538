import devanagariFile from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { LOCALES, type Locale, localeOfPath, localizedPath, pathWithoutLocale } from "#core/locales.ts";
import { type Theme, themeClass } from "#core/theme.ts";
import type { Toast } from "#core/toast.ts";
import { loadFrame } from "./.server/frame.ts";
import { localeRedirects } from "./.server/locale.ts";
import { sessionMiddleware } from "./.server/session.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { IslandsEnd, NoScriptToast } from "./components/layout/islands-end.tsx";
import { usePendingTheme } from "./components/layout/theme-toggle.tsx";
import { LazyToaster, notify } from "./components/layout/toaster.tsx";
import { usePersonalFrame } from "./components/layout/use-personal-frame.ts";
import { LazyErrorScreen } from "./components/lazy-error-screen.tsx";
import devanagariFonts from "./devanagari.css?inline";
import { isHtmlFirst, isShortPage } from "./lib/page-handle.ts";
import { useLocalePath, useT } from "./locales/i18n.ts";
import { serviceText } from "./locales/service-text.ts";

/**
 * A small picture, not the SVG it is drawn from (public/favicon.svg): a phone draws the page's icon
 * on the page's main thread after its load, and an SVG is a document of its own to build and lay out
 * there (record 48).
 */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "48x48" },
];

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, localeRedirects];

const ADMIN_LAYOUT_ID = "routes/admin/admin-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { frame, headers } = await loadFrame(request, context);
  return data(frame, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("root");
  const theme = usePendingTheme(frame?.theme ?? "system");
  const personal = usePersonalFrame(frame);
  // The admin area has a frame of its own.
  const matches = useMatches();
  const inAdmin = matches.some((match) => match.id === ADMIN_LAYOUT_ID);
  const htmlFirst = isHtmlFirst(matches);
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const t = useT();
  return (
    <html lang={locale} className={themeClass(theme)}>
      <DocumentHead theme={theme} locale={locale} inAdmin={inAdmin} origin={frame?.origin ?? ""} pathname={pathname} />
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-gold-400 px-4 py-2 text-zinc-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t("frame.skipToContent")}
        </a>
        {inAdmin ? (
          // The admin layout route draws the admin area's own frame.
          children
        ) : (
          <>
            <Header
              viewer={personal.viewer}
              theme={theme}
              cartCount={personal.cartCount}
              wishlistCount={personal.wishlistCount}
              htmlFirst={htmlFirst}
            />
            <main id="main" className="flex-1">
              {children}
            </main>
            <Footer later={!isShortPage(matches)} />
          </>
        )}
        {htmlFirst ? (
          <IslandsEnd
            toast={frame?.toast ?? null}
            wishlisted={frame?.wishlisted ?? []}
            ownPage={frame?.personal ?? false}
          />
        ) : (
          <HydratedEnd theme={theme} toast={frame?.toast ?? null} />
        )}
      </body>
    </html>
  );
}

/** The page's head: its colours, the stylesheet, the Hindi font, its addresses, title and metadata. */
function DocumentHead(props: { theme: Theme; locale: Locale; inAdmin: boolean; origin: string; pathname: string }) {
  const { theme, locale, inAdmin, origin, pathname } = props;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <ThemeColor theme={theme} />
      {/* The one stylesheet blocks the first paint, so it is asked for before any script. */}
      <link rel="stylesheet" href={stylesheet} />
      {locale === "hi-IN" ? <DevanagariFont /> : null}
      {inAdmin ? null : <LanguageLinks origin={origin} pathname={pathname} />}
      <Meta />
      <Links />
    </head>
  );
}

/**
 * The Hindi pages' font: its declarations inline (under a kilobyte: a stylesheet of their own cost a
 * render-blocking round trip before the first paint), naming the device's own copy. The shop's file
 * is fetched by an island after the page's first paint, on a device without one (record 48).
 */
function DevanagariFont() {
  return (
    <style
      data-island="devanagari-font"
      data-font-file={devanagariFile}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own stylesheet, built from app/devanagari.css.
      dangerouslySetInnerHTML={{ __html: devanagariFonts }}
    />
  );
}

/**
 * The page's canonical address in its own language, and its alternates in every language, both ways,
 * with the English page as the default for everyone else (decision record 47).
 */
function LanguageLinks({ origin, pathname }: { origin: string; pathname: string }) {
  const page = pathWithoutLocale(pathname);
  const at = (locale: Locale) => `${origin}${localizedPath(page, locale)}`;
  return (
    <>
      <link rel="canonical" href={`${origin}${pathname}`} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={at(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={at("en-IN")} />
    </>
  );
}

/** The browser's own colour around the page, as the theme is (both, by the system's, for "system"). */
function ThemeColor({ theme }: { theme: Theme }) {
  return theme === "system" ? (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#09090b" />
      <meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />
    </>
  ) : (
    <meta name="theme-color" content={theme === "dark" ? "#09090b" : "#ffffff"} />
  );
}

/** The end of a page React takes over: its scripts, the toaster, and a toast the server queued. */
function HydratedEnd({ theme, toast }: { theme: Theme; toast: Toast | null }) {
  return (
    <>
      <LazyToaster theme={theme} />
      <ToastFromServer toast={toast} />
      <ScrollRestoration />
      <Scripts />
    </>
  );
}

/** Shows a toast the server queued (after a redirect or a form post) exactly once. */
function ToastFromServer({ toast }: { toast: Toast | null }) {
  const navigate = useNavigate();
  const t = useT();
  const localize = useLocalePath();
  useEffect(() => {
    if (!toast) return;
    const { action } = toast;
    void notify(toast.kind, serviceText(t, toast.message), {
      id: toast.id,
      duration: toast.durationMs ?? 5000,
      ...(action
        ? { action: { label: serviceText(t, action.label), onClick: () => void navigate(localize(action.to)) } }
        : {}),
    });
  }, [toast, navigate, t, localize]);
  return toast ? <NoScriptToast toast={toast} /> : null;
}

export default function App() {
  // A mark that the page is live (hydrated), which the browser tests wait for instead of guessing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LazyErrorScreen error={error} />;
}
