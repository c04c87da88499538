import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SEARCH_COUNT_LIMIT } from "#core/listings.ts";
import { formatCount } from "#core/numbers.ts";
import { searchInsights, synonymSchema, treatAsSynonym } from "#server/catalog/search/search.service.ts";
import { actionDone, formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { TitledSection } from "../../components/ui/titled-section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/searches";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return { insights: await searchInsights(appServices(context).db, actor) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const form = await readForm(request);
  try {
    const saved = await treatAsSynonym(appServices(context).db, actor, formFields(form, synonymSchema));
    return actionDone(context, request, makeToast("success", `“${saved.word}” now finds “${saved.target}”`), {
      backTo: "/admin/searches",
    });
  } catch (error) {
    return formFailure(error, "The synonym was not saved");
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Searches", description: "What shoppers search for.", noindex: true });

/** The last 30 days' searches: the most made, and those that found nothing, each with a synonym to add. */
export default function Searches({ loaderData, actionData }: Route.ComponentProps) {
  const { top, zero } = loaderData.insights;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="font-display text-3xl font-semibold">Searches</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          What shoppers typed in the last 30 days. A search answered from the page cache is not counted.
        </p>
      </div>
      {actionData && !actionData.ok ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {actionData.message}
        </p>
      ) : null}
      <FoundNothing searches={zero} />
      <TopSearches searches={top} />
    </div>
  );
}

type Insights = Route.ComponentProps["loaderData"]["insights"];

/** A column's heading in the searches' tables. */
function Heading({ children, numeric = false }: { children: string; numeric?: boolean }) {
  return (
    <th scope="col" className={numeric ? "px-2 py-1.5 text-right font-medium" : "px-2 py-1.5 font-medium"}>
      {children}
    </th>
  );
}

/** One of the page's tables of searches, under its heading, or what stands there while it has no row. */
function SearchesTable({
  id,
  title,
  empty,
  heads,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  heads: readonly { label: string; numeric?: boolean }[];
  children: ReactNode;
}) {
  return (
    <TitledSection id={id} title={title} className="card overflow-x-auto p-4">
      {empty ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-zinc-600 dark:text-zinc-400">
              {heads.map((head) => (
                <Heading key={head.label} numeric={head.numeric}>
                  {head.label}
                </Heading>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </TitledSection>
  );
}

/** Searches that found nothing, most made first, each with a synonym to add. */
function FoundNothing({ searches }: { searches: Insights["zero"] }) {
  return (
    <SearchesTable
      id="zero-heading"
      title="Found nothing"
      empty={searches.length === 0 ? "Every search found something." : null}
      heads={[{ label: "Search" }, { label: "Times", numeric: true }, { label: "Treat as synonym of…" }]}
    >
      {searches.map((row) => (
        <tr key={row.query} className="border-t border-zinc-200 dark:border-zinc-800">
          <td className="px-2 py-1.5 break-all">{row.query}</td>
          <td className="px-2 py-1.5 text-right tabular-nums">{row.times}</td>
          <td className="px-2 py-1.5">
            <SynonymForm query={row.query} suggestion={row.suggestion} />
          </td>
        </tr>
      ))}
    </SearchesTable>
  );
}

/** The searches made most, with how many products they found and how long they took. */
function TopSearches({ searches }: { searches: Insights["top"] }) {
  return (
    <SearchesTable
      id="top-heading"
      title="Top searches"
      empty={searches.length === 0 ? "No searches yet." : null}
      heads={[
        { label: "Search" },
        { label: "Times", numeric: true },
        { label: "Products found", numeric: true },
        { label: "Average time", numeric: true },
      ]}
    >
      {searches.map((row) => (
        <tr key={row.query} className="border-t border-zinc-200 dark:border-zinc-800">
          <td className="px-2 py-1.5 break-all">
            <a className="underline" href={`/allproducts?q=${encodeURIComponent(row.query)}`}>
              {row.query}
            </a>
          </td>
          <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(row.times)}</td>
          <td className="px-2 py-1.5 text-right tabular-nums">
            {row.maxResults > SEARCH_COUNT_LIMIT ? `${formatCount(SEARCH_COUNT_LIMIT)}+` : formatCount(row.maxResults)}
          </td>
          <td className="px-2 py-1.5 text-right tabular-nums">{row.averageMs} ms</td>
        </tr>
      ))}
    </SearchesTable>
  );
}

function SynonymForm({ query, suggestion }: { query: string; suggestion: string | null }) {
  const navigation = useNavigation();
  const word = query.split(" ")[0] ?? query;
  const id = `synonym-${word}`;
  const busy = navigation.state === "submitting" && navigation.formData?.get("word") === word;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="word" value={word} />
      <label htmlFor={id} className="sr-only">
        Treat “{word}” as a synonym of
      </label>
      <input
        id={id}
        name="target"
        defaultValue={suggestion ?? ""}
        placeholder="e.g. lehenga"
        maxLength={40}
        required
        className="field w-36"
      />
      <button type="submit" className="btn-outline" disabled={busy}>
        {busy ? "Saving…" : `Treat “${word}” as synonym`}
      </button>
    </Form>
  );
}
