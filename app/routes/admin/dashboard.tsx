import { Link, redirect } from "react-router";
import { z } from "zod";
import { ORDER_TAB_LABELS, type OrderTab } from "#core/order-tabs.ts";
import { setUserDisabled } from "#server/accounts/accounts.service.ts";
import { dashboardQuerySchema } from "#server/admin/admin.schemas.ts";
import { dashboardScreen, dashboardTabFor } from "#server/admin/dashboard-screen.service.ts";
import { archiveProduct } from "#server/catalog/catalog-admin.service.ts";
import { resendMail } from "#server/mail/mail.service.ts";
import { isSpecimenSeller } from "#server/tax/seller.ts";
import { actionDone, actionFailed } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { AdminSearch } from "../../components/admin/admin-nav.tsx";
import { LowStockList } from "../../components/admin/low-stock-list.tsx";
import { MailTable } from "../../components/admin/mail-table.tsx";
import { OrdersTable } from "../../components/admin/orders-table.tsx";
import { ProductsTable } from "../../components/admin/products-table.tsx";
import { SalesChart } from "../../components/admin/sales-chart.tsx";
import { SpecimenNotice } from "../../components/admin/specimen-notice.tsx";
import { StatCards } from "../../components/admin/stat-cards.tsx";
import { useLiveOrders } from "../../components/admin/use-live-orders.ts";
import { UsersTable } from "../../components/admin/users-table.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, config } = appServices(context);
  const asked = dashboardQuerySchema.parse(Object.fromEntries(url.searchParams));
  // The orders have a page of their own now, with tabs of their own.
  if (asked.tab === "orders") throw redirect(`/admin/orders${asked.q ? `?q=${encodeURIComponent(asked.q)}` : ""}`);
  const query = { ...asked, tab: dashboardTabFor(actor, asked.tab) };
  const screen = await dashboardScreen(db, actor, query);
  // Documents name the made-up demo seller until SHOP_GSTIN is set: they are specimens, and the
  // dashboard says why and what to set.
  const specimen = screen.figures && isSpecimenSeller(config.seller) ? config.seller.gstin : null;
  return { ...screen, query, adminId: actor.userId, specimen };
}

/** The dashboard's buttons: delete a product, disable or enable a user, send a failed e-mail again. */
const dashboardForm = z.object({
  intent: z.enum(["delete-product", "toggle-user", "resend-mail"], { error: "Unknown dashboard action." }),
  productId: z.string().default(""),
  userId: z.string().default(""),
  disabled: z.boolean().default(false),
  mailId: z.string().default(""),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const form = await readForm(request);
  const backTo = `/dashboard${url.search}`;
  try {
    const { intent, productId, userId, disabled, mailId } = routeFields(form, dashboardForm);
    if (intent === "delete-product") {
      await archiveProduct(db, actor, productId);
      return actionDone(context, request, makeToast("success", "Product Deleted successfully"), { backTo });
    }
    if (intent === "toggle-user") {
      await setUserDisabled(db, actor, userId, disabled);
      return actionDone(context, request, makeToast("success", disabled ? "User disabled" : "User enabled"), {
        backTo,
      });
    }
    await resendMail(db, actor, mailId);
    return actionDone(context, request, makeToast("success", "The e-mail is queued to be sent again."), { backTo });
  } catch (error) {
    return actionFailed(context, request, error, { backTo });
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Dashboard", description: "Admin dashboard.", noindex: true });

const HEADINGS = {
  overview: "Dashboard",
  products: "Products",
  users: "Users",
  emails: "E-mails",
} as const;

type Screen = Route.ComponentProps["loaderData"];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, overview, query, tab, adminId, feedFrom, specimen, mayAddProducts } = loaderData;
  const arrived = useLiveOrders(feedFrom);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {specimen ? <SpecimenNotice gstin={specimen} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold">{HEADINGS[query.tab]}</h1>
        <div className="flex flex-wrap gap-2">
          {query.tab === "products" ? (
            <Link to="/admin/products" className="btn-outline">
              Stock, import and bulk changes
            </Link>
          ) : null}
          {mayAddProducts && (query.tab === "overview" || query.tab === "products") ? (
            <Link to="/addproduct" className="btn-gold">
              Add Product
            </Link>
          ) : null}
        </div>
      </div>
      {figures && overview ? <Overview figures={figures} overview={overview} /> : null}
      {overview || tab.kind === "emails" ? null : <AdminSearch tab={query.tab} q={query.q ?? ""} />}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this box, and a keyboard must be able to scroll it too (WCAG 2.1.1). */}
      <section className="mt-4 overflow-x-auto" aria-label={`${HEADINGS[query.tab]} table`} tabIndex={0}>
        <TabTable tab={tab} adminId={adminId} arrived={arrived} />
      </section>
      {tab.rows.length === 0 ? (
        <p className="mt-6 text-center text-zinc-600 dark:text-zinc-400">Nothing found.</p>
      ) : null}
      {overview ? (
        <p className="mt-4 text-right">
          <Link to="/admin/orders" className="text-sm font-semibold underline">
            All orders
          </Link>
        </p>
      ) : (
        <Pagination
          page={tab.page}
          hasPrevious={tab.page > 1}
          hasNext={tab.hasNext}
          hrefFor={(target) => pageLink(query, target)}
        />
      )}
    </div>
  );
}

/** The figures, the day's queues, the sales chart and the sizes running out. */
function Overview({
  figures,
  overview,
}: {
  figures: NonNullable<Screen["figures"]>;
  overview: NonNullable<Screen["overview"]>;
}) {
  return (
    <>
      <StatCards figures={figures} />
      <OrderQueues />
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SalesChart days={overview.sales} />
        </div>
        <LowStockList rows={overview.lowStock.rows} more={overview.lowStock.more} />
      </div>
      <h2 className="mt-8 text-lg font-semibold">Latest orders</h2>
    </>
  );
}

function TabTable({ tab, adminId, arrived }: { tab: Screen["tab"]; adminId: string; arrived: ReadonlySet<number> }) {
  if (tab.kind === "products") return <ProductsTable rows={tab.rows} firstNumber={tab.firstNumber} />;
  if (tab.kind === "orders") return <OrdersTable rows={tab.rows} arrived={arrived} />;
  if (tab.kind === "users") return <UsersTable rows={tab.rows} firstNumber={tab.firstNumber} adminId={adminId} />;
  return <MailTable rows={tab.rows} />;
}

function pageLink(query: { tab: string; q?: string | undefined }, page: number): string {
  const params = new URLSearchParams({ tab: query.tab, page: String(page) });
  if (query.q) params.set("q", query.q);
  return `/dashboard?${params}`;
}

const QUEUES: readonly OrderTab[] = ["to-confirm", "to-pack", "to-ship", "delivery-failed", "returns"];

/** The day's work: each of the order index's queues, one click away. */
function OrderQueues() {
  return (
    <nav aria-label="Order queues" className="mt-4 flex flex-wrap gap-2">
      {QUEUES.map((tab) => (
        <Link key={tab} to={`/admin/orders?tab=${tab}`} className="btn-outline px-3 py-1.5 text-sm">
          {ORDER_TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}
