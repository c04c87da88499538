import { Search } from "lucide-react";
import { useEffect } from "react";
import { useT } from "../../locales/i18n.ts";
import { SearchBox } from "./search-box.tsx";

import { useBarPopover } from "./use-bar-popover.ts";

/**
 * Below 768 px the bar has no room for the search box: a search icon opens it under the bar, with
 * the cursor in the field. A native popover, so it works before JavaScript has loaded; Escape or a
 * tap elsewhere closes it, and so does the search it submits. A popover clips what overflows it by
 * default; the suggestions open below the panel, so it lets them show.
 */
export function PhoneSearch() {
  const { id, popover } = useBarPopover();
  // Opened, the panel puts the cursor in the field: it was opened to type in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a ref (useBarPopover's), read once the panel is in the page.
  useEffect(() => {
    const panel = popover.current;
    const focusField = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") panel?.querySelector("input")?.focus();
    };
    panel?.addEventListener("toggle", focusField);
    return () => panel?.removeEventListener("toggle", focusField);
  }, []);
  const t = useT();
  return (
    <div className="md:hidden">
      <button
        type="button"
        popoverTarget={id}
        className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">{t("search.button")}</span>
      </button>
      <div
        ref={popover}
        id={id}
        popover="auto"
        data-island="phone-search"
        className="fixed inset-x-0 top-16 m-0 w-full overflow-visible border-b border-zinc-200 bg-white p-3 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      >
        <SearchBox id={`${id}-field`} />
      </div>
    </div>
  );
}
