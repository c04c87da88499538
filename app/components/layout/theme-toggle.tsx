import { Moon, Sun } from "lucide-react";
import { useFetcher, useLocation } from "react-router";

import type { Theme } from "../../lib/theme.ts";

const THEME_FETCHER = "theme";

/**
 * Switches between light and dark mode. The choice is kept in a cookie by the server, so the next
 * page arrives in the right colours; without JavaScript it is a plain form post.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher({ key: THEME_FETCHER });
  const location = useLocation();
  const current = usePendingTheme(theme);
  const next: Theme = current === "dark" ? "light" : "dark";
  return (
    <fetcher.Form method="post" action="/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
        aria-label={next === "dark" ? "Switch to dark mode" : "Switch to light mode"}
        title={next === "dark" ? "Dark mode" : "Light mode"}
      >
        {current === "dark" ? (
          <Sun aria-hidden="true" className="size-5" />
        ) : (
          <Moon aria-hidden="true" className="size-5" />
        )}
      </button>
    </fetcher.Form>
  );
}

/** The theme shown right now, including a change that is still on its way to the server. */
export function usePendingTheme(theme: Theme): Theme {
  const fetcher = useFetcher({ key: THEME_FETCHER });
  const pending = fetcher.formData?.get("theme");
  return pending === "dark" || pending === "light" ? pending : theme;
}
