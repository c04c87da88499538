import { localeOfPath, localizedPath } from "#core/locales.ts";
import { DEBOUNCE_MS, type SuggestionOption, suggestionsFrom } from "../lib/search-suggestions.ts";

const ACTIVE = ["bg-gold-100", "dark:bg-zinc-800"];
const RESTING = ["hover:bg-zinc-100", "dark:hover:bg-zinc-800"];

/**
 * The search box as a combobox (the WAI-ARIA pattern with a listbox), as the React box is on the
 * other pages: suggestions from /search/suggest once typing pauses, an older answer never replacing
 * a newer one; arrow keys move through them, Enter opens the one chosen (or searches for what is
 * typed), Escape closes the list and then clears the box.
 */
export function searchBox(form: HTMLElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const list = form.querySelector<HTMLElement>('[role="listbox"]');
  if (!input || !list) return;
  const box = new SuggestionBox(input, list);
  input.addEventListener("input", () => box.ask(input.value));
  input.addEventListener("blur", () => box.close());
  form.addEventListener("submit", () => box.close());
  input.addEventListener("keydown", (event) => box.onKey(event));
}

/** The list under the box: what it offers, which is active, and the box's attributes that say so. */
class SuggestionBox {
  private options: SuggestionOption[] = [];
  private active = -1;
  private latest = 0;
  private timer = 0;

  private readonly input: HTMLInputElement;
  private readonly list: HTMLElement;

  constructor(input: HTMLInputElement, list: HTMLElement) {
    this.input = input;
    this.list = list;
  }

  ask(text: string): void {
    clearTimeout(this.timer);
    const request = ++this.latest;
    if (text.trim().length < 2) {
      this.show([]);
      return;
    }
    this.timer = window.setTimeout(async () => {
      const options = await suggestionsFrom(text).catch(() => null);
      if (options && request === this.latest) this.show(options);
    }, DEBOUNCE_MS);
  }

  close(): void {
    this.list.hidden = true;
    this.active = -1;
    this.render();
  }

  onKey(event: KeyboardEvent): void {
    const { key } = event;
    const chosen = !this.list.hidden && this.active >= 0 ? this.options[this.active] : undefined;
    if ((key === "ArrowDown" || key === "ArrowUp") && this.options.length > 0) {
      event.preventDefault();
      this.move(key === "ArrowDown" ? 1 : -1);
    } else if (key === "Enter" && chosen) {
      event.preventDefault();
      this.choose(chosen);
    } else if (key === "Escape" && (!this.list.hidden || this.input.value)) {
      event.preventDefault();
      this.escape();
    }
  }

  private move(step: 1 | -1): void {
    const next = this.active + step;
    this.active = next >= this.options.length ? 0 : next < 0 ? this.options.length - 1 : next;
    this.list.hidden = false;
    this.render();
  }

  /** Escape closes the list, and pressed again clears the box. */
  private escape(): void {
    if (!this.list.hidden) this.close();
    else {
      this.input.value = "";
      this.options = [];
    }
  }

  private choose(option: SuggestionOption): void {
    this.close();
    if (option.kind === "search") this.input.value = option.label;
    location.assign(localizedPath(option.href, localeOfPath(location.pathname)));
  }

  private show(options: SuggestionOption[]): void {
    this.options = options;
    this.active = -1;
    this.list.replaceChildren(
      ...options.map((option, index) => optionElement(this.list, option, index, () => this.choose(option))),
    );
    this.list.hidden = options.length === 0;
    this.render();
  }

  private render(): void {
    const open = !this.list.hidden;
    this.input.setAttribute("aria-expanded", String(open));
    if (open && this.active >= 0) this.input.setAttribute("aria-activedescendant", `${this.list.id}-${this.active}`);
    else this.input.removeAttribute("aria-activedescendant");
    this.list.querySelectorAll<HTMLElement>('[role="option"]').forEach((option, index) => {
      const active = index === this.active;
      option.setAttribute("aria-selected", String(active));
      option.classList.remove(...(active ? RESTING : ACTIVE));
      option.classList.add(...(active ? ACTIVE : RESTING));
    });
  }
}

/** One suggestion, chosen on press (before the box loses focus and closes the list). */
function optionElement(list: HTMLElement, option: SuggestionOption, index: number, onChoose: () => void) {
  const element = document.createElement("div");
  element.id = `${list.id}-${index}`;
  element.setAttribute("role", "option");
  element.tabIndex = -1;
  element.className = `flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 ${RESTING.join(" ")}`;
  const label = document.createElement("span");
  label.className = "truncate";
  label.textContent = option.label;
  const kind = document.createElement("span");
  kind.className = "shrink-0 text-xs text-zinc-600 dark:text-zinc-400";
  kind.textContent = (option.kind === "product" ? list.dataset.kindProduct : list.dataset.kindSearch) ?? "";
  element.append(label, kind);
  element.addEventListener("mousedown", (event) => {
    event.preventDefault();
    onChoose();
  });
  return element;
}
