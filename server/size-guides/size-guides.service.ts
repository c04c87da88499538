import type { Actor } from "#core/actor.ts";
import { COLLECTIONS, type CollectionFlag } from "#core/collections.ts";
import {
  CHART_COLUMNS,
  type Measurements,
  NO_MEASUREMENTS,
  type ShownChart,
  type SizeChart,
} from "#core/size-charts.ts";
import { assertCan, assertSignedIn } from "../access.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import {
  findAllCharts,
  findChartRows,
  findMeasurements,
  insertExampleChart,
  saveMeasurementsRow,
  upsertChart,
} from "./size-guides.repository.ts";
import { measurementsSchema, sizeChartSchema } from "./size-guides.schemas.ts";

/*
 * Size charts per collection, and per product where a piece differs, kept in millimetres; and the
 * measurements a customer keeps on the account for "find my size" (a guest's stay in the browser).
 */

function parseChart(text: string): SizeChart {
  const stored = JSON.parse(text) as Pick<SizeChart, "kind" | "rows">;
  return { kind: stored.kind, columns: CHART_COLUMNS[stored.kind], rows: stored.rows };
}

/**
 * The chart a product page shows: the product's own, else that of the first of its collections (in
 * the category bar's order) that has one; null when none has.
 */
export async function sizeGuideFor(
  db: Executor,
  product: { id: number; flags: Record<CollectionFlag, boolean>; sizes?: readonly { size: string }[] },
): Promise<ShownChart | null> {
  const sizes = new Set((product.sizes ?? []).map((entry) => entry.size));
  // A collection's chart serves a piece only if it lists one of the piece's sizes (juttis in Ethnic).
  const fits = (chart: SizeChart) => sizes.size === 0 || chart.rows.some((row) => sizes.has(row.size));
  const collections = COLLECTIONS.filter((collection) => product.flags[collection.flag]);
  const rows = await findChartRows(
    db,
    product.id,
    collections.map((collection) => collection.slug),
  );
  const own = rows.find((row) => row.productId === product.id);
  if (own) return { ...parseChart(own.chart), source: "This piece's own size chart", isExample: own.isExample === 1 };
  for (const collection of collections) {
    const row = rows.find((entry) => entry.collection === collection.slug);
    if (row && fits(parseChart(row.chart)))
      return {
        ...parseChart(row.chart),
        source: `The ${collection.title} size chart`,
        isExample: row.isExample === 1,
      };
  }
  return null;
}

/**
 * Every chart, for the admin's editor: the collections' (empty where none is saved) and the
 * products' own; with a product asked for, that product and its own chart (null until saved).
 */
export async function sizeChartsAdmin(db: Db, actor: Actor, productId?: number) {
  assertCan(actor, "size-charts.edit");
  const rows = await findAllCharts(db);
  let product: { productId: number; title: string; chart: ReturnType<typeof parseChart> | null } | null = null;
  if (productId !== undefined) {
    const found = await findProduct(db, productId);
    if (!found) throw new AppError("not-found", "This product could not be found.");
    const own = rows.find((entry) => entry.productId !== null && Number(entry.productId) === productId);
    product = { productId, title: found.title, chart: own ? parseChart(own.chart) : null };
  }
  return {
    product,
    collections: COLLECTIONS.map((collection) => {
      const row = rows.find((entry) => entry.collection === collection.slug);
      return {
        slug: collection.slug,
        title: collection.title,
        chart: row ? parseChart(row.chart) : null,
        isExample: row?.isExample === 1,
      };
    }),
    products: rows
      .filter((row) => row.productId !== null)
      .map((row) => ({ productId: Number(row.productId), chart: parseChart(row.chart) })),
  };
}

/** Saves a collection's or a product's chart as the admin edited it; pages show it at once. */
export async function saveSizeChart(
  db: Db,
  actor: Actor,
  owner: { collection: string } | { productId: number },
  chart: unknown,
  now = Date.now(),
): Promise<string> {
  assertCan(actor, "size-charts.edit");
  const parsed = parseInput(sizeChartSchema, chart);
  let name: string;
  if ("collection" in owner) {
    const collection = COLLECTIONS.find((entry) => entry.slug === owner.collection);
    if (!collection) throw new AppError("not-found", "There is no such collection.");
    name = `The ${collection.title} size chart`;
  } else {
    const product = await findProduct(db, owner.productId);
    if (!product) throw new AppError("not-found", "This product could not be found.");
    name = `The size chart of ${product.title}`;
  }
  await db.transaction().execute(async (trx) => {
    await upsertChart(trx, owner, JSON.stringify({ kind: parsed.kind, rows: parsed.rows }), now);
    const id = "collection" in owner ? owner.collection : owner.productId;
    await recordAudit(
      trx,
      actor,
      {
        kind: "size-chart.saved",
        subject: { type: "size-chart", id, label: name },
        after: { kind: parsed.kind, rows: parsed.rows },
      },
      now,
    );
  });
  await catalogVersion(db).changed();
  return `${name} is saved.`;
}

/** Example charts for the demo catalogue, for collections that have none yet. */
export async function seedExampleCharts(
  db: Db,
  charts: Record<string, Pick<SizeChart, "kind" | "rows">>,
  now = Date.now(),
) {
  for (const [collection, chart] of Object.entries(charts)) {
    await insertExampleChart(db, collection, JSON.stringify(parseInput(sizeChartSchema, chart)), now);
  }
}

/** The customer's saved measurements (none for a visitor: a guest's stay in the browser). */
export async function myMeasurements(db: Db, actor: Actor): Promise<Measurements | null> {
  if (actor.kind !== "user") return null;
  const row = await findMeasurements(db, actor.userId);
  return row ? { ...NO_MEASUREMENTS, ...row } : { ...NO_MEASUREMENTS };
}

/** Keeps the customer's measurements on the account, for every product page's "find my size". */
export async function saveMeasurements(db: Db, actor: Actor, input: unknown, now = Date.now()): Promise<Measurements> {
  assertSignedIn(actor);
  const values = parseInput(measurementsSchema, input);
  await saveMeasurementsRow(db, actor.userId, values, now);
  return values;
}
