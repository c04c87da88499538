import { useEffect, useRef, useState } from "react";
import { DEBOUNCE_MS, type SuggestionOption, suggestionsFrom } from "../../lib/search-suggestions.ts";

export type { SuggestionOption };

/**
 * The header search box's suggestions: asked for from /search/suggest once typing pauses, an older
 * answer never replacing a newer one, and which of them is active for the arrow keys.
 */
export function useSearchSuggestions() {
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  async function load(text: string, request: number) {
    try {
      const next = await suggestionsFrom(text);
      if (!next) return;
      if (request !== latest.current) return;
      setOptions(next);
      setActive(-1);
      setOpen(next.length > 0);
    } catch {
      // Without suggestions the box still searches.
    }
  }

  function ask(text: string) {
    clearTimeout(timer.current);
    const request = ++latest.current;
    if (text.trim().length < 2) {
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => void load(text, request), DEBOUNCE_MS);
  }

  function move(step: 1 | -1) {
    if (options.length === 0) return;
    setOpen(true);
    setActive((current) => {
      const next = current + step;
      if (next >= options.length) return 0;
      return next < 0 ? options.length - 1 : next;
    });
  }

  const chosen = open && active >= 0 ? options[active] : undefined;
  return { options, active, open, chosen, ask, move, close, clear: () => setOptions([]) };
}
