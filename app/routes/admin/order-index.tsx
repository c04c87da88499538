import { Form, redirect } from "react-router";
import type { OrderTab } from "#core/order-tabs.ts";
import { bulkActionSchema, runBulkAction } from "#server/admin/order-jobs.service.ts";
import { orderIndexScreen } from "#server/admin/order-screens.service.ts";
import { orderIndexQuerySchema } from "#server/orders/order-index.schemas.ts";
import { formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { SearchRow } from "../../components/admin/list-controls.tsx";
import { BulkActions } from "../../components/admin/orders/bulk-actions.tsx";
import { IndexFilters } from "../../components/admin/orders/index-filters.tsx";
import { IndexTable } from "../../components/admin/orders/index-table.tsx";
import { IndexTabs } from "../../components/admin/orders/index-tabs.tsx";
import { RecentJobs } from "../../components/admin/orders/recent-jobs.tsx";
import { useLiveOrders } from "../../components/admin/use-live-orders.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-index";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const query = orderIndexQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db, carrier } = appServices(context);
  return { query, ...(await orderIndexScreen(db, actor, query, { courierOn: carrier !== null })) };
}

/** A bulk action on the rows ticked runs as one job; its page shows each order's result. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const form = await readForm(request);
  try {
    const { db, carrier } = appServices(context);
    const jobId = await runBulkAction(db, actor, formFields(form, bulkActionSchema), { carrier });
    return redirect(`/admin/jobs/${jobId}`);
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Orders", description: "The shop's orders by tab.", noindex: true });

const BULK_FORM = "bulk-actions";

export default function OrderIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, jobs, states, may, feedFrom } = loaderData;
  const arrived = useLiveOrders(feedFrom);
  const hrefFor = (changes: Record<string, string | null>) => indexLink(query, page.tab, changes);
  const bulk = may.manage || may.pack || may.export;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold">{may.filterAll ? "Orders" : "Packing"}</h1>
        {may.export ? (
          <a
            href={hrefFor({ after: null, before: null }).replace("/admin/orders?", "/admin/orders.csv?")}
            className="btn-outline"
            download
          >
            Export this view (CSV)
          </a>
        ) : null}
      </div>
      <IndexTabs
        tabs={page.tabs}
        current={page.tab}
        hrefFor={(tab: OrderTab) => indexLink(query, tab, { after: null, before: null })}
      />
      {may.filterAll ? (
        <IndexFilters tab={page.tab} query={query} states={states} />
      ) : (
        <PackerSearch tab={page.tab} q={query.q} />
      )}
      <FormError message={actionData?.ok === false ? actionData.message : undefined} />
      {bulk ? <BulkActions id={BULK_FORM} tab={page.tab} may={may} /> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this box, and a keyboard must be able to scroll it too (WCAG 2.1.1). */}
      <section className="mt-4 overflow-x-auto" aria-label="Orders table" tabIndex={0}>
        <IndexTable rows={page.rows} form={bulk ? BULK_FORM : null} arrived={arrived} />
      </section>
      {page.rows.length === 0 ? (
        <p className="mt-6 text-center text-zinc-600 dark:text-zinc-400">No orders here.</p>
      ) : null}
      <IndexPages previous={page.previous} next={page.next} hrefFor={hrefFor} />
      <RecentJobs jobs={jobs} />
    </div>
  );
}

type Query = Route.ComponentProps["loaderData"]["query"];

/** The index's address with the tab and some of its parameters changed (null takes one away). */
function indexLink(query: Query, tab: OrderTab, changes: Record<string, string | null>): string {
  const params = new URLSearchParams({ tab });
  for (const key of ["q", "payment", "from", "to", "state", "pincode", "courier"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return `/admin/orders?${params}`;
}

/** Newer and older pages, by keyset: the newest again, or the page on either side of this one. */
function IndexPages(props: {
  previous: string | null;
  next: string | null;
  hrefFor: (changes: Record<string, string | null>) => string;
}) {
  if (!props.previous && !props.next) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-3">
      <a href={props.hrefFor({ after: null, before: null })} className="btn-outline">
        Newest
      </a>
      {props.previous ? (
        <a href={props.hrefFor({ before: props.previous, after: null })} className="btn-outline" rel="prev">
          Newer
        </a>
      ) : null}
      {props.next ? (
        <a href={props.hrefFor({ after: props.next, before: null })} className="btn-outline" rel="next">
          Older
        </a>
      ) : null}
    </nav>
  );
}

/** The packing bench searches its tab by order number, name or AWB. */
function PackerSearch({ tab, q }: { tab: OrderTab; q: string | undefined }) {
  return (
    <Form method="get" action="/admin/orders" role="search" className="mt-4 flex max-w-xl gap-2" key={q ?? ""}>
      <input type="hidden" name="tab" value={tab} />
      <SearchRow id="order-search" label="Search orders" placeholder="Order number, name or AWB…" value={q} />
    </Form>
  );
}
