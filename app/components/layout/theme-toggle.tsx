import { Moon, Sun } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import type { Theme } from "#core/theme.ts";
import { useT } from "../../locales/i18n.ts";

const THEME_FETCHER = "theme";

/** The mode the page shows now: the choice, or for "system" what the device prefers. */
function shownTheme(theme: Theme): "light" | "dark" {
  if (theme !== "system") return theme;
  return typeof window !== "undefined" && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Switches between light and dark mode. The choice is kept in a cookie by the server, so the next
 * page arrives in the right colours; until a choice is made the device's setting is followed. The
 * icon and words follow the stylesheet's dark variant, so they are right before the page is live;
 * without JavaScript it is a plain form post.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher({ key: THEME_FETCHER });
  const location = useLocation();
  const current = usePendingTheme(theme);
  const t = useT();
  return (
    <fetcher.Form
      method="post"
      action="/theme"
      data-island="theme-toggle"
      onSubmit={(event) => {
        const field = event.currentTarget.elements.namedItem("theme") as HTMLInputElement;
        field.value = shownTheme(current) === "dark" ? "light" : "dark";
      }}
    >
      <input type="hidden" name="theme" value="toggle" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <Moon aria-hidden="true" className="size-5 dark:hidden" />
        <Sun aria-hidden="true" className="hidden size-5 dark:block" />
        <span className="sr-only dark:hidden">{t("theme.toDark")}</span>
        <span className="sr-only hidden dark:inline">{t("theme.toLight")}</span>
      </button>
    </fetcher.Form>
  );
}

/** The theme in force right now, including a change that is still on its way to the server. */
export function usePendingTheme(theme: Theme): Theme {
  const fetcher = useFetcher({ key: THEME_FETCHER });
  const pending = fetcher.formData?.get("theme");
  return pending === "dark" || pending === "light" ? pending : theme;
}
