import { Form, Link } from "react-router";
import { z } from "zod";
import { bulkChangeProducts, productList, productListQuerySchema } from "#server/catalog/product-list.service.ts";
import { actionDone, actionFailed } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { BulkProductActions } from "../../components/admin/bulk-product-actions.tsx";
import { ProductListFilters } from "../../components/admin/product-list-filters.tsx";
import { ProductListTable } from "../../components/admin/product-list-table.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/product-list";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const query = productListQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { query, list: await productList(db, actor, query) };
}

/** The bulk form as typed: the service reads the fields its action needs. */
const bulkForm = z.object({
  action: z.string(),
  ids: z.array(z.string()),
  collection: z.string().optional(),
  percent: z.string().optional(),
  reason: z.string().optional(),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const backTo = `/admin/products${url.search}`;
  try {
    const fields = formFields(await readForm(request), bulkForm);
    const percent = fields.percent?.trim() ? Number(fields.percent.trim().replace(/%$/, "")) : undefined;
    const { message } = await bulkChangeProducts(db, actor, {
      ...fields,
      percent,
      collection: fields.collection || undefined,
    } as Parameters<typeof bulkChangeProducts>[2]);
    return actionDone(context, request, makeToast("success", message), { backTo });
  } catch (error) {
    return actionFailed(context, request, error, { backTo });
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Products", description: "The shop's products.", noindex: true });

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(
      Object.entries({ ...query, page: String(page) }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return `/admin/products?${params}`;
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold">Products</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/products/import" className="btn-outline">
            Import
          </Link>
          <a href="/admin/products.csv" className="btn-outline" download>
            Export all
          </a>
          <Link to="/addproduct" className="btn-gold">
            Add Product
          </Link>
        </div>
      </div>
      <ProductListFilters query={query} />
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        {list.total} {list.total === 1 ? "product" : "products"}
      </p>
      <Form method="post" reloadDocument>
        <BulkProductActions />
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this box, and a keyboard must be able to scroll it too (WCAG 2.1.1). */}
        <section className="mt-4 overflow-x-auto" aria-label="Products table" tabIndex={0}>
          <ProductListTable rows={list.rows} />
        </section>
      </Form>
      {list.rows.length === 0 ? (
        <p className="mt-6 text-center text-zinc-600 dark:text-zinc-400">Nothing found.</p>
      ) : null}
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hasPrevious={list.page > 1}
        hasNext={list.page < list.pageCount}
        hrefFor={hrefFor}
      />
    </div>
  );
}
