import { formatLength, type LengthUnit, type Measurements, toMillimetres } from "#core/size-charts.ts";

/*
 * "Find my size" as typed (centimetres or inches, kilograms) and as kept (millimetres and grams):
 * for the size guide's island, and for the shop when it suggests a size from what was typed.
 */

export type Typed = { height: string; weight: string; chest: string; waist: string; foot: string };
export const TYPED_FIELDS = ["height", "weight", "chest", "waist", "foot"] as const;

/** What was typed, from a form's fields or an address's query (a field not sent is empty). */
export function typedFromFields(fields: URLSearchParams): Typed {
  return Object.fromEntries(TYPED_FIELDS.map((field) => [field, fields.get(field) ?? ""])) as Typed;
}

export function typedFrom(measured: Measurements, unit: LengthUnit): Typed {
  const length = (mm: number | null) => (mm ? formatLength(mm, unit) : "");
  return {
    height: measured.heightMm ? String(Math.round(measured.heightMm / 10)) : "",
    weight: measured.weightG ? String(Math.round(measured.weightG / 1000)) : "",
    chest: length(measured.chestMm),
    waist: length(measured.waistMm),
    foot: length(measured.footMm),
  };
}

export function measuredFrom(typed: Typed, unit: LengthUnit): Measurements {
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
