import type { ChartRow, SizeChart } from "#core/size-charts.ts";

/*
 * Example size charts for the demo catalogue, in millimetres: typical Indian women's sizes for the
 * clothing collections (a kameez or kurta falls longer than a Western top) and UK/India sizes by
 * foot length for footwear. The shop marks them as examples wherever they show; a real shop
 * replaces them with its own measurements in the admin's Size charts.
 */

function clothing(length: readonly [number, number, number, number]): Pick<SizeChart, "kind" | "rows"> {
  const body = [
    ["S", 860, 710, 940, 910],
    ["M", 910, 760, 990, 960],
    ["L", 970, 820, 1040, 1020],
    ["XL", 1030, 880, 1100, 1080],
  ] as const;
  return {
    kind: "clothing",
    rows: body.map(
      ([size, chest, waist, hip, garmentChest], index): ChartRow => ({
        size,
        values: { chest, waist, hip, garmentChest, garmentLength: length[index] ?? null },
      }),
    ),
  };
}

const FOOTWEAR: Pick<SizeChart, "kind" | "rows"> = {
  kind: "footwear",
  rows: [
    ["UK 3", 221],
    ["UK 4", 229],
    ["UK 5", 237],
    ["UK 6", 246],
    ["UK 7", 254],
    ["UK 8", 262],
  ].map(([size, foot]) => ({ size: String(size), values: { foot: Number(foot) } })),
};

/** By collection slug. Accessories, handbags and jewellery are one size and have no chart. */
export const EXAMPLE_SIZE_CHARTS: Record<string, Pick<SizeChart, "kind" | "rows">> = {
  "pakistani-suits": clothing([1140, 1150, 1160, 1170]),
  "anarkali-dress": clothing([1320, 1340, 1360, 1380]),
  ethnic: clothing([1090, 1100, 1110, 1120]),
  "korean-trendy": clothing([600, 620, 640, 660]),
  "pinterest-finds": clothing([640, 660, 680, 700]),
  western: clothing([640, 660, 680, 700]),
  more: FOOTWEAR,
};
