import { Link } from "react-router";
import type { AuditEntry } from "#core/audit.ts";
import { formatShopDateTime } from "#core/dates.ts";
import { auditQuerySchema } from "#server/audit/audit.schemas.ts";
import { AUDIT_FILTERS, auditLogPage } from "#server/audit/audit.service.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { FilterField, FilterSelect } from "../../components/admin/list-controls.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/audit-log";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const query = auditQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { query, filters: AUDIT_FILTERS, ...(await auditLogPage(appServices(context).db, actor, query)) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Audit log", description: "Every change made in the admin.", noindex: true });

type Data = Route.ComponentProps["loaderData"];

/** Every change made in the admin, newest first: the Owner sees everyone's, the others their own. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, query } = loaderData;
  const older = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value && key !== "before" ? [[key, String(value)]] : [])),
  );
  if (nextBefore) older.set("before", String(nextBefore));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Audit log</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {loaderData.seesEveryone
          ? "Every change made in the admin, by everyone."
          : "The changes you made in the admin."}{" "}
        Entries are never changed or deleted.
      </p>
      <AuditFilters data={loaderData} />
      <ol className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="audit-entries">
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {entries.length === 0 ? (
        <p className="mt-6 text-center text-zinc-600 dark:text-zinc-400">No changes recorded here.</p>
      ) : null}
      {nextBefore ? (
        <p className="mt-6 text-center">
          <a href={`/admin/audit?${older}`} className="btn-outline" rel="next">
            Older changes
          </a>
        </p>
      ) : null}
    </div>
  );
}

function AuditFilters({ data }: { data: Data }) {
  const { query, filters, people } = data;
  const personChoices = people.map((person) => [person.id, person.name] as const);
  return (
    <form
      method="get"
      action="/admin/audit"
      className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-5 md:items-end"
      key={JSON.stringify(query)}
    >
      <FilterSelect form="audit" name="person" label="Person" query={query} options={personChoices} />
      <FilterSelect form="audit" name="kind" label="Change" query={query} options={Object.entries(filters.kinds)} />
      <FilterSelect form="audit" name="subject" label="Of" query={query} options={Object.entries(filters.subjects)} />
      <FilterField form="audit" name="subjectId" label="Order number or id" query={query} placeholder="KS-100042" />
      <button type="submit" className="btn-primary">
        Filter
      </button>
    </form>
  );
}

/** One change: when, who, what, to what, the values before and after, and why. */
function AuditRow({ entry }: { entry: AuditEntry }) {
  const link =
    entry.subjectType === "order"
      ? `/admin/orders/${entry.subjectId}`
      : entry.subjectType === "product"
        ? `/updateproduct?id=${entry.subjectId}`
        : null;
  return (
    <li className="grid gap-1 py-3 text-sm md:grid-cols-[12rem_1fr]" data-kind={entry.kind}>
      <p className="text-zinc-600 dark:text-zinc-400">
        {formatShopDateTime(entry.at)}
        <br />
        <span className="break-all">{entry.actor}</span> ({entry.actorRole})
      </p>
      <div>
        <p>
          <strong>{entry.kindLabel}</strong> ·{" "}
          {link ? (
            <Link to={link} className="underline">
              {entry.subjectLabel}
            </Link>
          ) : (
            entry.subjectLabel
          )}
        </p>
        <Change before={entry.before} after={entry.after} />
        {entry.reason ? <p className="text-zinc-700 dark:text-zinc-300">Reason: {entry.reason}</p> : null}
      </div>
    </li>
  );
}

function Change({ before, after }: { before: AuditEntry["before"]; after: AuditEntry["after"] }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <ul className="mt-1 text-xs text-zinc-700 dark:text-zinc-300">
      {keys.map((key) => (
        <li key={key}>
          {key}: {before && key in before ? <span className="line-through">{shown(before[key])}</span> : null}
          {before && key in before && after && key in after ? " → " : ""}
          {after && key in after ? shown(after[key]) : null}
        </li>
      ))}
    </ul>
  );
}

function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
