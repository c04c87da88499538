import { Ruler } from "lucide-react";
import { useId } from "react";
import {
  formatLength,
  type LengthUnit,
  type Recommendation,
  type ShownChart,
  type SizeFit,
  sizeLabel,
} from "#core/size-charts.ts";
import type { Typed } from "../../lib/typed-measurements.ts";
import { type MessageId, type Translate, useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { Modal } from "../ui/modal.tsx";
import { SideScroll } from "../ui/side-scroll.tsx";

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
 * from the chart and what buyers said of its fit. The product page is HTML-first: the dialog is in
 * the page, closed (so it costs no layout), and the size guide's island (app/islands/size-guide.island.ts)
 * opens it, keeps the unit, and asks the shop for a suggestion; measurements are kept on the
 * account when signed in, else in this browser.
 */
export function SizeGuide({ productId, chart, fits }: { productId: number; chart: ShownChart; fits: SizeFit[] }) {
  const headingId = useId();
  const t = useT();
  return (
    <div className="self-start" data-island="size-guide" data-product={productId} data-fits={fits.length}>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 text-sm font-medium underline underline-offset-4"
        aria-haspopup="dialog"
        data-guide-open
      >
        <Ruler aria-hidden="true" className="size-4" /> {t("guide.button")}
      </button>
      <Modal open={false} onClose={() => {}} labelledBy={headingId} className="max-w-2xl">
        {/* In the page only once opened: closed, nothing of it is laid out, found or named. */}
        <template data-guide-content>
          <div className="flex flex-col gap-4 p-5">
            <div className="flex items-start justify-between gap-3">
              <h2 id={headingId} className="font-display text-xl font-semibold">
                {t("guide.button")}
              </h2>
              <button type="button" className="btn-outline px-3 py-1" data-guide-close>
                {t("guide.close")}
              </button>
            </div>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {serviceText(t, chart.source)}
              {chart.isExample ? t("guide.example") : ""}.
            </p>
            <UnitChoice />
            {/* On a phone the chart may scroll sideways: it says so, and the keyboard can scroll it too. */}
            <SideScroll label={t("guide.chart")}>
              {(["cm", "in"] as const).map((unit) => (
                <div key={unit} data-unit-table={unit} hidden={unit !== "cm"}>
                  <ChartTable chart={chart} unit={unit} />
                </div>
              ))}
            </SideScroll>
            <FindMySize kind={chart.kind} />
          </div>
        </template>
      </Modal>
    </div>
  );
}

/** Centimetres or inches: the chart and the lengths to type follow. */
function UnitChoice() {
  const t = useT();
  return (
    <fieldset className="flex gap-4 text-sm">
      <legend className="sr-only">{t("guide.showIn")}</legend>
      {(["cm", "in"] as const).map((option) => (
        <label key={option} className="flex items-center gap-1.5">
          <input type="radio" name="length-unit" value={option} defaultChecked={option === "cm"} />
          {option === "cm" ? t("guide.cm") : t("guide.in")}
        </label>
      ))}
    </fieldset>
  );
}

function ChartTable({ chart, unit }: { chart: ShownChart; unit: LengthUnit }) {
  const columns = chart.columns.filter((column) =>
    chart.rows.some((row) => typeof row.values[column.key] === "number"),
  );
  const t = useT();
  return (
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
  );
}

/**
 * A measurement to type, and its unit: a length's follows the unit chosen for the chart (the size
 * guide's island writes it), height is in centimetres and weight in kilograms.
 */
function MeasureField({ name, label, unit }: { name: keyof Typed; label: string; unit: "length" | "cm" | "kg" }) {
  return (
    <div>
      <label htmlFor={`measure-${name}`} className="label">
        {label}{" "}
        <span className="font-normal text-zinc-600 dark:text-zinc-400">
          ({unit === "length" ? <span data-length-unit>cm</span> : unit})
        </span>
      </label>
      <input id={`measure-${name}`} name={name} inputMode="decimal" className="field w-full" />
    </div>
  );
}

/**
 * "Find my size": the measurements, and where the suggestion appears (the shop's, rendered by
 * Suggestion, asked for by the size guide's island); where they are kept is said by the island.
 */
function FindMySize({ kind }: { kind: ShownChart["kind"] }) {
  const t = useT();
  return (
    <form aria-labelledby="find-my-size" className="card flex flex-col gap-3 p-4" data-guide-find>
      <h3 id="find-my-size" className="font-semibold">
        {t("guide.find")}
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-kept-on={t("guide.onAccount")}>
        {t("guide.inBrowser")}
      </p>
      <MeasureFields kind={kind} />
      <button type="submit" className="btn-primary self-start">
        {t("guide.suggest")}
      </button>
      <div aria-live="polite" data-testid="size-recommendation" />
    </form>
  );
}

/** The measurements a chart of this kind needs: the foot for footwear, else chest, waist, height and weight. */
function MeasureFields({ kind }: { kind: ShownChart["kind"] }) {
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {kind === "footwear" ? (
        <MeasureField name="foot" label={t("guide.foot")} unit="length" />
      ) : (
        <>
          <MeasureField name="chest" label={t("guide.chest")} unit="length" />
          <MeasureField name="waist" label={t("guide.waist")} unit="length" />
          <MeasureField name="height" label={t("guide.height")} unit="cm" />
          <MeasureField name="weight" label={t("guide.weight")} unit="kg" />
        </>
      )}
    </div>
  );
}

/** The shop's suggestion for what was typed: the size, why, and a button that chooses it. */
export function Suggestion({ recommendation, kind }: { recommendation: Recommendation; kind: ShownChart["kind"] }) {
  const size = recommendation.size;
  const t = useT();
  return (
    <div className="flex flex-col gap-2 text-sm">
      {size ? <p className="text-base font-semibold">{t("guide.weSuggest", { size: sizeLabel(size, kind) })}</p> : null}
      <p>{serviceText(t, recommendation.reason)}</p>
      {size ? (
        <button type="button" className="btn-outline self-start" data-choose-size={size}>
          {t("guide.choose", { size: sizeLabel(size, kind) })}
        </button>
      ) : null}
    </div>
  );
}
