import { Form, Link } from "react-router";
import { CHART_COLUMNS, type ChartKind, formatLength, toMillimetres } from "#core/size-charts.ts";
import { SIZES } from "#core/sizes.ts";
import { saveSizeChart, sizeChartsAdmin } from "#server/reviews/size-guides.service.ts";
import { formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/size-charts";

const CLOTHING_SIZES = ["S", "M", "L", "XL"];
const FOOTWEAR_SIZES = SIZES.filter((size) => size.startsWith("UK "));

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const charts = await sizeChartsAdmin(appServices(context).db, actor);
  const asked = url.searchParams.get("collection");
  const chosen = charts.collections.find((entry) => entry.slug === asked) ?? charts.collections[0];
  const kind = (url.searchParams.get("kind") as ChartKind | null) ?? chosen?.chart?.kind ?? "clothing";
  return { charts, chosen, kind: kind === "footwear" ? ("footwear" as const) : ("clothing" as const) };
}

/** The table as typed, in centimetres: a size with no value at all is left out of the chart. */
function chartFrom(form: FormData) {
  const kind: ChartKind = form.get("kind") === "footwear" ? "footwear" : "clothing";
  const sizes = kind === "footwear" ? FOOTWEAR_SIZES : CLOTHING_SIZES;
  const rows = sizes
    .map((size) => ({
      size,
      values: Object.fromEntries(
        CHART_COLUMNS[kind].map((column) => [
          column.key,
          toMillimetres(String(form.get(`${size}:${column.key}`) ?? ""), "cm"),
        ]),
      ),
    }))
    .filter((row) => Object.values(row.values).some((value) => value !== null));
  return { kind, rows };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  try {
    const form = await readForm(request);
    const collection = String(form.get("collection") ?? "");
    const message = await saveSizeChart(appServices(context).db, actor, { collection }, chartFrom(form));
    return redirectWithToast(context, `/admin/size-charts?collection=${collection}`, makeToast("success", message));
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
  const sizes = kind === "footwear" ? FOOTWEAR_SIZES : CLOTHING_SIZES;
  const columns = CHART_COLUMNS[kind];
  const typedValue = (size: string, key: string) => {
    const row = chosen.chart?.kind === kind ? chosen.chart.rows.find((entry) => entry.size === size) : undefined;
    const mm = row?.values[key];
    return mm ? formatLength(mm, "cm") : "";
  };
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Size charts</h1>
      <nav aria-label="Collections">
        <ul className="flex flex-wrap gap-2">
          {charts.collections.map((entry) => (
            <li key={entry.slug}>
              <Link
                to={`/admin/size-charts?collection=${entry.slug}`}
                aria-current={entry.slug === chosen.slug ? "page" : undefined}
                className={entry.slug === chosen.slug ? "btn-primary px-3 py-1.5" : "btn-outline px-3 py-1.5"}
              >
                {entry.title}
                {entry.chart ? "" : " (none)"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
            to={`/admin/size-charts?collection=${chosen.slug}&kind=${kind === "footwear" ? "clothing" : "footwear"}`}
            className="underline underline-offset-4"
          >
            {kind === "footwear" ? "Make it a clothing chart" : "Make it a footwear chart (UK/India sizes)"}
          </Link>
        </p>
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="collection" value={chosen.slug} />
          <input type="hidden" name="kind" value={kind} />
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
                {sizes.map((size) => (
                  <tr key={size}>
                    <th scope="row" className="py-1 pr-3">
                      {size}
                    </th>
                    {columns.map((column) => (
                      <td key={column.key} className="py-1 pr-3">
                        <input
                          name={`${size}:${column.key}`}
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
          <SubmitButton label="Save the chart" pendingLabel="Saving…" className="btn-primary self-start" />
        </Form>
      </section>
    </div>
  );
}
