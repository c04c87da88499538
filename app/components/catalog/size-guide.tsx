import { Ruler } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  formatLength,
  type LengthUnit,
  type Measurements,
  NO_MEASUREMENTS,
  type Recommendation,
  recommendSize,
  type ShownChart,
  type SizeFit,
  sizeLabel,
  toMillimetres,
} from "#core/size-charts.ts";
import { isKnownVisitor } from "../../lib/known-visitor.ts";
import { inOwnTask } from "../../lib/own-task.ts";
import { type MessageId, type Translate, useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { Modal } from "../ui/modal.tsx";
import { SideScroll } from "../ui/side-scroll.tsx";

/** Where a guest's measurements stay: this browser only. */
const STORAGE_KEY = "kesar:measurements";
const UNIT_KEY = "kesar:length-unit";

type MeasurementsAnswer = { signedIn: boolean; measurements: Measurements | null };

/** The chart's columns by key (core/size-charts.ts), in the page's language; another shows as named. */
const COLUMN_IDS: Record<string, MessageId> = {
  chest: "guide.chest",
  waist: "guide.waist",
  hip: "guide.hip",
  garmentChest: "guide.garmentChest",
  garmentLength: "guide.garmentLength",
  foot: "guide.foot",
};

function columnName(t: Translate, column: { key: string; label: string }): string {
  const id = COLUMN_IDS[column.key];
  return id ? t(id) : column.label;
}

/**
 * "Size guide" beside the size picker: the chart in a modal dialog (Tab stays inside, Escape closes,
 * focus returns to the button), in centimetres or inches, and "find my size", which suggests a size
 * from the chart and what buyers said of its fit. Measurements are kept on the account when signed
 * in, else in this browser; they load after the page, which is the same for everyone.
 */
export function SizeGuide({
  chart,
  sizes,
  fits,
  onChoose,
}: {
  chart: ShownChart;
  sizes: string[];
  fits: SizeFit[];
  onChoose: (size: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const [unit, setUnit] = useState<LengthUnit>("cm");
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The dialog is only in the page while open; once it is gone, focus goes back to the button.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) opener.current?.focus();
  }, [open]);
  // The unit chosen last time is read as the dialog opens: a first use of the browser's storage
  // waits on its own process, which the page's start should not (decision record 18, §26).
  const openGuide = () => {
    const saved = window.localStorage.getItem(UNIT_KEY);
    if (saved === "in" || saved === "cm") setUnit(saved);
    setOpen(true);
  };
  const chooseUnit = (next: LengthUnit) => {
    setUnit(next);
    window.localStorage.setItem(UNIT_KEY, next);
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium underline underline-offset-4"
        onClick={openGuide}
      >
        <Ruler aria-hidden="true" className="size-4" /> {t("guide.button")}
      </button>
      {open ? (
        <GuideDialog
          guide={{ chart, sizes, fits }}
          unit={unit}
          onUnit={chooseUnit}
          onClose={() => setOpen(false)}
          onChoose={(size) => {
            onChoose(size);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** The open guide: where the chart comes from, the unit, the chart, and "find my size". */
function GuideDialog({
  guide: { chart, sizes, fits },
  unit,
  onUnit,
  onClose,
  onChoose,
}: {
  guide: { chart: ShownChart; sizes: string[]; fits: SizeFit[] };
  unit: LengthUnit;
  onUnit: (unit: LengthUnit) => void;
  onClose: () => void;
  onChoose: (size: string) => void;
}) {
  const headingId = useId();
  const t = useT();
  return (
    <Modal open onClose={onClose} labelledBy={headingId} className="max-w-2xl">
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="font-display text-xl font-semibold">
            {t("guide.button")}
          </h2>
          <button type="button" className="btn-outline px-3 py-1" onClick={onClose}>
            {t("guide.close")}
          </button>
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {serviceText(t, chart.source)}
          {chart.isExample ? t("guide.example") : ""}.
        </p>
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t("guide.showIn")}</legend>
          {(["cm", "in"] as const).map((option) => (
            <label key={option} className="flex items-center gap-1.5">
              <input type="radio" name="length-unit" checked={unit === option} onChange={() => onUnit(option)} />
              {option === "cm" ? t("guide.cm") : t("guide.in")}
            </label>
          ))}
        </fieldset>
        <ChartTable chart={chart} unit={unit} />
        <FindMySize chart={chart} sizes={sizes} fits={fits} unit={unit} onChoose={onChoose} />
      </div>
    </Modal>
  );
}

function ChartTable({ chart, unit }: { chart: ShownChart; unit: LengthUnit }) {
  const columns = chart.columns.filter((column) =>
    chart.rows.some((row) => typeof row.values[column.key] === "number"),
  );
  const t = useT();
  return (
    // On a phone the chart may scroll sideways: it says so, and the keyboard can scroll it too.
    <SideScroll label={t("guide.chart")}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          {t("guide.caption", { unit: unit === "cm" ? t("guide.cmWord") : t("guide.inWord") })}
        </caption>
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-700">
            <th scope="col" className="py-2 pr-3">
              {t("guide.size")}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="py-2 pr-3">
                {columnName(t, column)} ({unit})
                <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                  {column.basis === "body" ? t("guide.body") : t("guide.garment")}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.size} className="border-b border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="py-1.5 pr-3">
                {sizeLabel(row.size, chart.kind)}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="py-1.5 pr-3 tabular-nums">
                  {formatLength(row.values[column.key], unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SideScroll>
  );
}

type Typed = { height: string; weight: string; chest: string; waist: string; foot: string };

function typedFrom(measured: Measurements, unit: LengthUnit): Typed {
  const length = (mm: number | null) => (mm ? formatLength(mm, unit) : "");
  return {
    height: measured.heightMm ? String(Math.round(measured.heightMm / 10)) : "",
    weight: measured.weightG ? String(Math.round(measured.weightG / 1000)) : "",
    chest: length(measured.chestMm),
    waist: length(measured.waistMm),
    foot: length(measured.footMm),
  };
}

function measuredFrom(typed: Typed, unit: LengthUnit): Measurements {
  const number = (text: string) => (/^\d{1,3}(\.\d)?$/.test(text.trim()) ? Number(text.trim()) : null);
  const height = number(typed.height);
  const weight = number(typed.weight);
  return {
    heightMm: height ? Math.round(height * 10) : null,
    weightG: weight ? Math.round(weight * 1000) : null,
    chestMm: toMillimetres(typed.chest, unit),
    waistMm: toMillimetres(typed.waist, unit),
    footMm: toMillimetres(typed.foot, unit),
  };
}

/** The saved measurements, once: the account's (loaded after the page), else this browser's. */
function useSavedMeasurements(fill: (known: Measurements) => void) {
  const saved = useFetcher<MeasurementsAnswer>();
  const [unasked, setUnasked] = useState<MeasurementsAnswer | null>(null);
  const asked = useRef(false);
  const filled = useRef(false);
  const { load } = saved;
  useEffect(() => {
    if (asked.current) return;
    // Without the visitor mark there is no account to ask about: this browser's own are the answer.
    if (!isKnownVisitor()) {
      asked.current = true;
      setUnasked({ signedIn: false, measurements: null });
      return;
    }
    return inOwnTask(() => {
      asked.current = true;
      void load("/measurements");
    });
  }, [load]);
  const answer = saved.data ?? unasked;
  useEffect(() => {
    if (!answer || filled.current) return;
    filled.current = true;
    let known = answer.measurements;
    if (!answer.signedIn) {
      try {
        known = { ...NO_MEASUREMENTS, ...JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") };
      } catch {
        known = null;
      }
    }
    if (known && Object.values(known).some(Boolean)) fill(known);
  }, [answer, fill]);
  return answer?.signedIn ?? false;
}

function MeasureField({
  name,
  label,
  hint,
  typed,
  onType,
}: {
  name: keyof Typed;
  label: string;
  hint: string;
  typed: Typed;
  onType: (name: keyof Typed, value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`measure-${name}`} className="label">
        {label} <span className="font-normal text-zinc-600 dark:text-zinc-400">({hint})</span>
      </label>
      <input
        id={`measure-${name}`}
        inputMode="decimal"
        className="field w-full"
        value={typed[name]}
        onChange={(event) => onType(name, event.currentTarget.value)}
      />
    </div>
  );
}

function FindMySize({
  chart,
  sizes,
  fits,
  unit,
  onChoose,
}: {
  chart: ShownChart;
  sizes: string[];
  fits: SizeFit[];
  unit: LengthUnit;
  onChoose: (size: string) => void;
}) {
  const save = useFetcher<{ ok: boolean; message?: string }>();
  const t = useT();
  const [typed, setTyped] = useState<Typed>(typedFrom(NO_MEASUREMENTS, unit));
  const [measured, setMeasured] = useState<Measurements | null>(null);
  const fill = useCallback(
    (known: Measurements) => {
      setTyped(typedFrom(known, unit));
      setMeasured(known);
    },
    [unit],
  );
  const signedIn = useSavedMeasurements(fill);
  const recommendation = measured ? recommendSize(chart, sizes, fits, measured) : null;
  const onType = (name: keyof Typed, value: string) => setTyped((current) => ({ ...current, [name]: value }));
  return (
    <form
      aria-labelledby="find-my-size"
      className="card flex flex-col gap-3 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const next = measuredFrom(typed, unit);
        setMeasured(next);
        keepMeasurements(next, signedIn, save.submit);
      }}
    >
      <h3 id="find-my-size" className="font-semibold">
        {t("guide.find")}
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {signedIn ? t("guide.onAccount") : t("guide.inBrowser")}
      </p>
      <MeasureFields kind={chart.kind} unit={unit} typed={typed} onType={onType} />
      <button type="submit" className="btn-primary self-start">
        {t("guide.suggest")}
      </button>
      <div aria-live="polite" data-testid="size-recommendation">
        {recommendation ? <Suggestion recommendation={recommendation} kind={chart.kind} onChoose={onChoose} /> : null}
        {save.data && !save.data.ok ? (
          <p className="text-red-700 dark:text-red-300">{serviceText(t, save.data.message ?? "")}</p>
        ) : null}
      </div>
    </form>
  );
}

/** Measurements are kept on the account when signed in, else in this browser. */
function keepMeasurements(
  measured: Measurements,
  signedIn: boolean,
  submit: ReturnType<typeof useFetcher>["submit"],
): void {
  if (!signedIn) {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(measured));
    return;
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(measured)) form.set(key, value === null ? "" : String(value));
  void submit(form, { method: "post", action: "/measurements" });
}

/** The measurements a chart of this kind needs: the foot for footwear, else chest, waist, height and weight. */
function MeasureFields({
  kind,
  unit,
  ...props
}: {
  kind: ShownChart["kind"];
  unit: LengthUnit;
  typed: Typed;
  onType: (name: keyof Typed, value: string) => void;
}) {
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {kind === "footwear" ? (
        <MeasureField name="foot" label={t("guide.foot")} hint={unit} {...props} />
      ) : (
        <>
          <MeasureField name="chest" label={t("guide.chest")} hint={unit} {...props} />
          <MeasureField name="waist" label={t("guide.waist")} hint={unit} {...props} />
          <MeasureField name="height" label={t("guide.height")} hint="cm" {...props} />
          <MeasureField name="weight" label={t("guide.weight")} hint="kg" {...props} />
        </>
      )}
    </div>
  );
}

function Suggestion({
  recommendation,
  kind,
  onChoose,
}: {
  recommendation: Recommendation;
  kind: ShownChart["kind"];
  onChoose: (size: string) => void;
}) {
  const size = recommendation.size;
  const t = useT();
  return (
    <div className="flex flex-col gap-2 text-sm">
      {size ? <p className="text-base font-semibold">{t("guide.weSuggest", { size: sizeLabel(size, kind) })}</p> : null}
      <p>{serviceText(t, recommendation.reason)}</p>
      {size ? (
        <button type="button" className="btn-outline self-start" onClick={() => onChoose(size)}>
          {t("guide.choose", { size: sizeLabel(size, kind) })}
        </button>
      ) : null}
    </div>
  );
}
