import { z } from "zod";
import { readWholeNumber } from "#core/numbers.ts";
import { CHART_COLUMNS, type ChartKind } from "#core/size-charts.ts";
import { SIZES } from "#core/sizes.ts";
import { decimalInteger, idField, requiredText } from "../validation/fields.ts";

export { MAX_REVIEW_PHOTOS } from "#core/reviews.ts";
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_SORTS = ["helpful", "newest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A review as its author writes it (photos come as files beside it). */
export const reviewSchema = z.object({
  rating: decimalInteger("Please choose from 1 to 5 stars.", 1, 5),
  title: requiredText("Please give the review a title.").pipe(
    z.string().max(120, "The title must be at most 120 characters."),
  ),
  body: requiredText("Please write a few words about the piece.").pipe(
    z
      .string()
      .min(10, "Please write at least 10 characters about the piece.")
      .max(4000, "The review must be at most 4,000 characters."),
  ),
  sizeBought: requiredText("Please choose the size you bought."),
  fit: z.enum(["small", "true", "large"], { error: "Please say how the size fitted." }),
  /** Photos already on the review that stay (their refs). */
  keepPhotos: z.array(z.string()).default([]),
});

export type ReviewInput = z.input<typeof reviewSchema>;

export const moderationSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), reviewId: idField("Which review?") }),
  z.object({
    decision: z.literal("reject"),
    reviewId: idField("Which review?"),
    reason: requiredText("Please say why the review is rejected: the author reads it.").pipe(
      z.string().max(300, "The reason must be at most 300 characters."),
    ),
  }),
]);

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
export type { ReviewStatus } from "../db/schema.ts";
