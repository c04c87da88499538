import { Form, Link } from "react-router";
import { z } from "zod";
import { CHART_COLUMNS, type ChartKind, formatLength, toMillimetres } from "#core/size-charts.ts";
import { SIZES } from "#core/sizes.ts";
import { saveSizeChart, sizeChartsAdmin } from "#server/size-guides/size-guides.service.ts";
import { idField } from "#server/validation/fields.ts";
import { formFailure } from "../../.server/action-results.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { TabLinks } from "../../components/admin/tab-links.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/size-chart-editor";

const CLOTHING_SIZES = ["S", "M", "L", "XL"];
const NO_PRODUCT = "This product could not be found.";
const FOOTWEAR_SIZES = SIZES.filter((size) => size.startsWith("UK "));

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const productParam = url.searchParams.get("product");
  const productId = productParam ? idFromPath(productParam, NO_PRODUCT) : undefined;
  const charts = await sizeChartsAdmin(appServices(context).db, actor, productId);
  const asked = url.searchParams.get("collection");
  const collection = charts.collections.find((entry) => entry.slug === asked) ?? charts.collections[0];
  // A piece whose measurements differ from its collection's has a chart of its own.
  const chosen: Chosen | undefined = charts.product
    ? {
        query: `product=${charts.product.productId}`,
        owner: { name: "productId", value: String(charts.product.productId) },
        title: `The size chart of ${charts.product.title}`,
        chart: charts.product.chart,
        isExample: false,
        slug: null,
      }
    : collection && {
        query: `collection=${collection.slug}`,
        owner: { name: "collection", value: collection.slug },
        title: collection.title,
        chart: collection.chart,
        isExample: collection.isExample,
        slug: collection.slug,
      };
  const kind = (url.searchParams.get("kind") as ChartKind | null) ?? chosen?.chart?.kind ?? "clothing";
  return { charts, chosen, kind: kind === "footwear" ? ("footwear" as const) : ("clothing" as const) };
}

type Chosen = {
  /** The query naming the chart's owner, for links back to it. */
  query: string;
  owner: { name: "collection" | "productId"; value: string };
  title: string;
  chart: { kind: ChartKind; rows: { size: string; values: Record<string, number | null> }[] } | null;
  isExample: boolean;
  slug: string | null;
};

/** Whose chart the editor sends (a product's, else a collection's) and of which kind. */
const chartOwnerForm = z.object({
  productId: idField(NO_PRODUCT).optional(),
  collection: z.string(),
  kind: z.enum(["clothing", "footwear"]).catch("clothing"),
});

/** The sizes of a chart of each kind, as the editor's table lists them. */
function sizesOf(kind: ChartKind): readonly string[] {
  return kind === "footwear" ? FOOTWEAR_SIZES : CLOTHING_SIZES;
}

/** The name of the table's cell for one size and one measurement. */
const cellName = (size: string, key: string) => `${size}:${key}`;

/** The table's cells as typed, in centimetres: every size and measurement of either kind. */
const chartCellsForm = z.object(
  Object.fromEntries(
    (["clothing", "footwear"] as const).flatMap((kind) =>
      sizesOf(kind).flatMap((size) => CHART_COLUMNS[kind].map((column) => [cellName(size, column.key), z.string()])),
    ),
  ) as Record<string, z.ZodString>,
);

/** The table as typed, in centimetres: a size with no value at all is left out of the chart. */
function chartFrom(kind: ChartKind, cells: Record<string, string>) {
  const rows = sizesOf(kind)
    .map((size) => ({
      size,
      values: Object.fromEntries(
        CHART_COLUMNS[kind].map((column) => [column.key, toMillimetres(cells[cellName(size, column.key)] ?? "", "cm")]),
      ),
    }))
    .filter((row) => Object.values(row.values).some((value) => value !== null));
  return { kind, rows };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  try {
    const form = await readForm(request);
    const { productId, collection, kind } = routeFields(form, chartOwnerForm);
    const owner = productId === undefined ? { collection } : { productId };
    const chart = chartFrom(kind, routeFields(form, chartCellsForm));
    const message = await saveSizeChart(appServices(context).db, actor, owner, chart);
    const back = "productId" in owner ? `product=${owner.productId}` : `collection=${collection}`;
    return redirectWithToast(context, `/admin/size-charts?${back}`, makeToast("success", message));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Size charts", description: "The size chart of each collection.", noindex: true });

/** Each collection's size chart as a table, in centimetres (kept in millimetres). */
export default function SizeChartsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { charts, chosen, kind } = loaderData;
  if (!chosen) return null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Size charts</h1>
      <CollectionTabs collections={charts.collections} chosen={chosen} />
      <FormError message={actionData?.message} />
      <section aria-labelledby="chart-heading" className="card flex flex-col gap-4 p-4">
        <h2 id="chart-heading" className="text-lg font-semibold">
          {chosen.title}
          {chosen.isExample ? " · an example chart shipped with the demo" : ""}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          In centimetres, to a tenth. Body measurements are taken on the wearer; garment ones on the piece laid flat. A
          size left empty is not on the chart.{" "}
          <Link
            to={`/admin/size-charts?${chosen.query}&kind=${kind === "footwear" ? "clothing" : "footwear"}`}
            className="underline underline-offset-4"
          >
            {kind === "footwear" ? "Make it a clothing chart" : "Make it a footwear chart (UK/India sizes)"}
          </Link>
        </p>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name={chosen.owner.name} value={chosen.owner.value} />
          <input type="hidden" name="kind" value={kind} />
          <ChartTable chosen={chosen} kind={kind} />
          <SubmitButton label="Save the chart" pendingLabel="Saving…" className="btn-primary self-start" />
        </Form>
      </section>
    </div>
  );
}

/** A tab for each collection's chart; one without a saved chart says so. */
function CollectionTabs({
  collections,
  chosen,
}: {
  collections: Route.ComponentProps["loaderData"]["charts"]["collections"];
  chosen: Chosen;
}) {
  return (
    <TabLinks
      label="Collections"
      tabs={collections.map((entry) => ({
        key: entry.slug,
        to: `/admin/size-charts?collection=${entry.slug}`,
        current: entry.slug === chosen.slug,
        label: (
          <>
            {entry.title}
            {entry.chart ? "" : " (none)"}
          </>
        ),
      }))}
    />
  );
}

/** The chart as a table to type into: a row per size, a cell per measurement, in centimetres. */
function ChartTable({ chosen, kind }: { chosen: Chosen; kind: ChartKind }) {
  const columns = CHART_COLUMNS[kind];
  const typedValue = (size: string, key: string) => {
    const row = chosen.chart?.kind === kind ? chosen.chart.rows.find((entry) => entry.size === size) : undefined;
    const mm = row?.values[key];
    return mm ? formatLength(mm, "cm") : "";
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-2 pr-3">
              Size
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="py-2 pr-3">
                {column.label} (cm, {column.basis})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sizesOf(kind).map((size) => (
            <tr key={size}>
              <th scope="row" className="py-1 pr-3">
                {size}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="py-1 pr-3">
                  <input
                    name={cellName(size, column.key)}
                    aria-label={`${column.label}, size ${size}, in centimetres`}
                    inputMode="decimal"
                    defaultValue={typedValue(size, column.key)}
                    className="field w-24"
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
