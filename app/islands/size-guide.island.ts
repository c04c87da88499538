import { type LengthUnit, type Measurements, NO_MEASUREMENTS } from "#core/size-charts.ts";
import { knownVisitor } from "../lib/known-visitor.ts";
import { measuredFrom, TYPED_FIELDS, type Typed, typedFrom, typedFromFields } from "../lib/typed-measurements.ts";
import { formFields, fragment } from "./fragments.ts";
import { announceNewParts } from "./new-parts.ts";

/** Where a guest's measurements stay (this browser only), and the unit chosen last. */
const STORAGE_KEY = "kesar:measurements";
const UNIT_KEY = "kesar:length-unit";

type Guide = {
  element: HTMLElement;
  dialog: HTMLDialogElement;
  find: HTMLFormElement | null;
  unit: LengthUnit;
  signedIn: boolean;
  asked: boolean;
};

/**
 * The size guide: its dialog opens modal in the unit chosen last (read as it opens: a first use of
 * the browser's storage waits on a process of its own, which the page's start should not); the unit
 * switches the chart and is remembered; "find my size" asks the shop for a suggestion, and keeps the
 * measurements on the account when signed in, else in this browser; a suggestion's button chooses
 * its size in the page's size picker.
 */
export function sizeGuide(element: HTMLElement): void {
  const opener = element.querySelector<HTMLButtonElement>("[data-guide-open]");
  const dialog = element.querySelector("dialog");
  if (!opener || !dialog) return;
  const guide: Guide = { element, dialog, find: null, unit: "cm", signedIn: false, asked: false };
  opener.addEventListener("click", () => {
    if (!guide.find) stamp(guide);
    const saved = localStorage.getItem(UNIT_KEY);
    showUnit(guide, saved === "in" ? "in" : "cm");
    dialog.showModal();
    if (!guide.asked) void fillSaved(guide);
  });
  dialog.addEventListener("close", () => opener.focus());
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-guide-close]")) dialog.close();
    const size = target.closest<HTMLElement>("[data-choose-size]")?.dataset.chooseSize;
    if (size) chooseSize(dialog, size);
  });
  dialog.addEventListener("change", (event) => {
    const radio = event.target as HTMLInputElement;
    if (radio.name !== "length-unit") return;
    showUnit(guide, radio.value === "in" ? "in" : "cm");
    localStorage.setItem(UNIT_KEY, guide.unit);
  });
  dialog.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!guide.find) return;
    const typed = typedFromFields(formFields(guide.find));
    keep(guide, measuredFrom(typed, guide.unit));
    void suggest(guide, typed);
  });
}

/** The dialog's content, out of its template the first time it opens; its side-scroll island starts. */
function stamp(guide: Guide): void {
  const content = guide.dialog.querySelector<HTMLTemplateElement>("template[data-guide-content]");
  if (content) content.replaceWith(content.content);
  guide.find = guide.dialog.querySelector<HTMLFormElement>("form[data-guide-find]");
  announceNewParts();
}

function showUnit(guide: Guide, unit: LengthUnit): void {
  guide.unit = unit;
  for (const radio of guide.dialog.querySelectorAll<HTMLInputElement>('input[name="length-unit"]')) {
    radio.checked = radio.value === unit;
  }
  for (const table of guide.dialog.querySelectorAll<HTMLElement>("[data-unit-table]")) {
    table.hidden = table.dataset.unitTable !== unit;
  }
  for (const said of guide.find?.querySelectorAll("[data-length-unit]") ?? []) said.textContent = unit;
}

/** The measurements kept last: the account's when signed in, else this browser's; they fill the form once. */
async function fillSaved(guide: Guide): Promise<void> {
  guide.asked = true;
  const known = await savedMeasurements(guide);
  const { find } = guide;
  if (!find || !known || !Object.values(known).some(Boolean)) return;
  const typed = typedFrom(known, guide.unit);
  for (const field of TYPED_FIELDS) {
    const input = find.elements.namedItem(field) as HTMLInputElement | null;
    if (input && !input.value) input.value = typed[field];
  }
  await suggest(guide, typedFromFields(formFields(find)));
}

/** The account's measurements (and that they are kept there), else this browser's. */
async function savedMeasurements(guide: Guide): Promise<Measurements | null> {
  if (await knownVisitor()) {
    const response = await fetch("/measurements", { credentials: "same-origin" });
    const answer = response.ok ? ((await response.json()) as { signedIn: boolean; measurements: Measurements }) : null;
    guide.signedIn = answer?.signedIn ?? false;
    if (guide.signedIn) {
      const said = guide.find?.querySelector<HTMLElement>("[data-kept-on]");
      if (said) said.textContent = said.dataset.keptOn ?? "";
      return answer?.measurements ?? null;
    }
  }
  return readStored();
}

function readStored(): Measurements | null {
  try {
    return { ...NO_MEASUREMENTS, ...JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") };
  } catch {
    return null;
  }
}

/** Measurements are kept on the account when signed in, else in this browser. */
function keep(guide: Guide, measured: Measurements): void {
  if (!guide.signedIn) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(measured));
    return;
  }
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(measured)) body.set(key, value === null ? "" : String(value));
  void fetch("/measurements", { method: "POST", body, credentials: "same-origin" });
}

async function suggest(guide: Guide, typed: Typed): Promise<void> {
  const result = guide.find?.querySelector('[data-testid="size-recommendation"]');
  const answer = await fragment(`/productinfo/${guide.element.dataset.product}/size-suggestion`, {
    unit: guide.unit,
    ...typed,
  });
  if (answer && result) result.replaceChildren(...answer.body.childNodes);
}

/** A suggestion's size, chosen in the page's size picker (which says how many are left). */
function chooseSize(dialog: HTMLDialogElement, size: string): void {
  const select = document.querySelector<HTMLSelectElement>('[data-island="product-actions"] select');
  if (select) {
    select.value = size;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  dialog.close();
}
