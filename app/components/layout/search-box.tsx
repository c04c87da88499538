import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useLocalNavigate, useT } from "../../locales/i18n.ts";
import { Form } from "../../locales/link.tsx";
import { type SuggestionOption, useSearchSuggestions } from "./use-search-suggestions.ts";

/**
 * Searches the whole shop: submits to /allproducts?q=… (works without JavaScript too). With
 * JavaScript it is a combobox (the WAI-ARIA pattern with a listbox): as the shopper types, searches
 * and products from /search/suggest open under it; arrow keys move through them, Enter opens the one
 * chosen (or searches for what is typed), Escape closes the list and then clears the box.
 */
export function SearchBox({ id, className = "" }: { id: string; className?: string }) {
  const { value, setValue, input } = useBoxValue();
  const suggestions = useSearchSuggestions();
  const navigate = useLocalNavigate();
  const listId = `${id}-suggestions`;
  const t = useT();

  function choose(option: SuggestionOption) {
    suggestions.close();
    if (option.kind === "search") setValue(option.label);
    void navigate(option.href);
  }

  return (
    <Form
      method="get"
      action="/allproducts"
      role="search"
      className={`relative ${className}`}
      // On an HTML-first page the suggestions are an island's (app/islands/search-box.island.ts).
      data-island="search-box"
      onSubmit={suggestions.close}
    >
      <SearchLabel htmlFor={id} />
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.open}
        aria-controls={listId}
        aria-activedescendant={suggestions.chosen ? `${listId}-${suggestions.active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          suggestions.ask(event.target.value);
        }}
        onKeyDown={(event) => onKeyDown(event, { suggestions, value, setValue, choose })}
        onBlur={suggestions.close}
        placeholder={t("search.placeholder")}
        maxLength={100}
        className="field pr-10"
      />
      <SearchButton />
      <SuggestionList
        id={listId}
        open={suggestions.open}
        options={suggestions.options}
        active={suggestions.active}
        onChoose={choose}
      />
    </Form>
  );
}

/** The box's name, for screen readers (the placeholder shows what to type). */
function SearchLabel({ htmlFor }: { htmlFor: string }) {
  const t = useT();
  return (
    <label htmlFor={htmlFor} className="sr-only">
      {t("search.label")}
    </label>
  );
}

/** The magnifier at the box's end, which searches for what is typed. */
function SearchButton() {
  const t = useT();
  return (
    <button
      type="submit"
      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-zinc-600 dark:text-zinc-400 hover:text-zinc-900 dark:hover:text-zinc-100"
    >
      <Search aria-hidden="true" className="size-4" />
      <span className="sr-only">{t("search.button")}</span>
    </button>
  );
}

/**
 * What the box holds: the search the page shows, and then what the shopper types. What they typed
 * before the page came alive (its scripts start after the first paint) is kept, not wiped.
 */
function useBoxValue() {
  const [params] = useSearchParams();
  const asked = params.get("q") ?? "";
  const [value, setValue] = useState(asked);
  const input = useRef<HTMLInputElement>(null);
  const alive = useRef(false);
  useEffect(() => {
    const typed = alive.current ? "" : (input.current?.value ?? "");
    alive.current = true;
    setValue(typed || asked);
  }, [asked]);
  return { value, setValue, input };
}

/** Arrow keys move through the suggestions, Enter opens the chosen one, Escape closes them, then clears the box. */
function onKeyDown(
  event: React.KeyboardEvent<HTMLInputElement>,
  box: {
    suggestions: ReturnType<typeof useSearchSuggestions>;
    value: string;
    setValue: (value: string) => void;
    choose: (option: SuggestionOption) => void;
  },
) {
  const { key } = event;
  const { suggestions } = box;
  if (key === "ArrowDown" || key === "ArrowUp") {
    event.preventDefault();
    suggestions.move(key === "ArrowDown" ? 1 : -1);
  } else if (key === "Enter" && suggestions.chosen) {
    event.preventDefault();
    box.choose(suggestions.chosen);
  } else if (key === "Escape" && (suggestions.open || box.value)) {
    event.preventDefault();
    if (suggestions.open) suggestions.close();
    else {
      box.setValue("");
      suggestions.clear();
    }
  }
}

function SuggestionList({
  id,
  open,
  options,
  active,
  onChoose,
}: {
  id: string;
  open: boolean;
  options: SuggestionOption[];
  active: number;
  onChoose: (option: SuggestionOption) => void;
}) {
  const t = useT();
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t("search.suggestions")}
      data-kind-product={t("search.kindProduct")}
      data-kind-search={t("search.kindSearch")}
      hidden={!open}
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      {options.map((option, index) => (
        <div
          key={option.href}
          id={`${id}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          // Chosen on press, before the box loses focus and closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(option);
          }}
          className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 ${
            index === active ? "bg-gold-100 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800"
          }`}
        >
          <span className="truncate">{option.label}</span>
          <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
            {option.kind === "product" ? t("search.kindProduct") : t("search.kindSearch")}
          </span>
        </div>
      ))}
    </div>
  );
}
