import { Form, Link } from "react-router";
import { formatShopDate } from "#core/dates.ts";
import { customerQuerySchema } from "#server/customers/customers.schemas.ts";
import { customerList } from "#server/customers/customers.service.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { SearchRow } from "../../components/admin/list-controls.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/customer-index";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const query = customerQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { query, ...(await customerList(appServices(context).db, actor, query)) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Customers", description: "The shop's customers.", noindex: true });

const HEADINGS = ["Customer", "Mobile", "Orders", { label: "Last order", className: "hidden sm:table-cell" }];

/** Everyone who ordered, latest first, searched by name, e-mail or mobile number. */
export default function CustomerIndex({ loaderData }: Route.ComponentProps) {
  const { query, rows, page, hasNext, mayExport } = loaderData;
  const link = (target: number) =>
    `/admin/customers?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(target) })}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold">Customers</h1>
        {mayExport ? (
          <a
            href={`/admin/customers.csv${query.q ? `?q=${encodeURIComponent(query.q)}` : ""}`}
            className="btn-outline"
            download
          >
            Export CSV
          </a>
        ) : null}
      </div>
      <Form
        method="get"
        action="/admin/customers"
        role="search"
        className="mt-4 flex max-w-xl gap-2"
        key={query.q ?? ""}
      >
        <SearchRow
          id="customer-search"
          label="Search customers"
          placeholder="Name, e-mail or mobile…"
          value={query.q}
        />
      </Form>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this box, and a keyboard must be able to scroll it too (WCAG 2.1.1). */}
      <section className="mt-4 overflow-x-auto" aria-label="Customers table" tabIndex={0}>
        <CustomersTable rows={rows} />
      </section>
      {rows.length === 0 ? <p className="mt-6 text-center text-zinc-600 dark:text-zinc-400">Nobody found.</p> : null}
      <Pagination page={page} hasPrevious={page > 1} hasNext={hasNext} hrefFor={link} />
    </div>
  );
}

function CustomersTable({ rows }: { rows: Route.ComponentProps["loaderData"]["rows"] }) {
  return (
    <AdminTable caption="Customers" headings={HEADINGS} minWidth="min-w-[36rem] xl:min-w-[56rem]">
      {rows.map((row) => (
        <tr
          key={row.ref}
          className="border-b border-zinc-100 align-top dark:border-zinc-800"
          data-testid="customer-row"
        >
          <td className="px-2 py-2">
            <Link to={`/admin/customers/${row.ref}`} className="font-medium underline">
              {row.name}
            </Link>
            <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">
              {row.email}
              {row.hasAccount ? " · account" : " · guest"}
            </p>
          </td>
          <td className="px-2 py-2 whitespace-nowrap">{row.phone}</td>
          <td className="px-2 py-2 tabular-nums">{row.orders}</td>
          <td className="hidden px-2 py-2 whitespace-nowrap sm:table-cell">{formatShopDate(row.lastOrderAt)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
