import { z } from "zod";
import { readWholeNumber } from "#core/numbers.ts";
import { CHART_COLUMNS, type ChartKind } from "#core/size-charts.ts";
import { SIZES } from "#core/sizes.ts";

const optionalMeasure = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined || value === "") return null;
      const number = typeof value === "number" ? value : (readWholeNumber(value) ?? Number.NaN);
      if (!Number.isFinite(number) || number < min || number > max) {
        context.addIssue({ code: "custom", message: `Please enter a ${label} between ${min} and ${max}.` });
        return z.NEVER;
      }
      return Math.round(number);
    });

/** Measurements in millimetres and grams, within what a person measures. */
export const measurementsSchema = z.object({
  heightMm: optionalMeasure("height in millimetres", 1000, 2300),
  weightG: optionalMeasure("weight in grams", 25_000, 250_000),
  chestMm: optionalMeasure("chest in millimetres", 500, 1600),
  waistMm: optionalMeasure("waist in millimetres", 400, 1600),
  footMm: optionalMeasure("foot length in millimetres", 180, 340),
});

const chartKind = z.enum(["clothing", "footwear"]);

/** A chart as the admin saves it: sizes the shop sells, each measurement a length in millimetres. */
export const sizeChartSchema = z
  .object({
    kind: chartKind,
    rows: z
      .array(
        z.object({
          size: z.enum(SIZES, { error: "A size chart lists the shop's sizes only." }),
          values: z.record(z.string(), z.number().int().min(50).max(3000).nullable()),
        }),
      )
      .min(1, "A size chart needs at least one size.")
      .max(SIZES.length),
  })
  .superRefine((chart, context) => {
    const keys = new Set(CHART_COLUMNS[chart.kind as ChartKind].map((column) => column.key));
    const seen = new Set<string>();
    for (const row of chart.rows) {
      if (seen.has(row.size)) context.addIssue({ code: "custom", message: `Size ${row.size} is listed twice.` });
      seen.add(row.size);
      for (const key of Object.keys(row.values)) {
        if (!keys.has(key)) context.addIssue({ code: "custom", message: `A ${chart.kind} chart has no ${key}.` });
      }
    }
  });
