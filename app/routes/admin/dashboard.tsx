import { Link } from "react-router";
import { z } from "zod";
import { setUserDisabled } from "#server/accounts/accounts.service.ts";
import { dashboardQuerySchema } from "#server/admin/admin.schemas.ts";
import {
  adminOrders,
  adminProducts,
  adminUsers,
  dashboardFigures,
  dashboardOverview,
} from "#server/admin/admin.service.ts";
import { latestOrderEvent } from "#server/admin/order-feed.service.ts";
import { archiveProduct } from "#server/catalog/catalog-admin.service.ts";
import { recentMail, resendMail } from "#server/mail/mail.service.ts";
import { isSpecimenSeller } from "#server/tax/seller.ts";
import { actionDone, actionFailed } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { AdminSearch } from "../../components/admin/admin-nav.tsx";
import { LowStockList } from "../../components/admin/low-stock-list.tsx";
import { MailTable } from "../../components/admin/mail-table.tsx";
import { OrderStatusTabs } from "../../components/admin/order-status-tabs.tsx";
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
  const query = dashboardQuerySchema.parse(Object.fromEntries(url.searchParams));
  // Read before anything else: the live feed starts after it, so nothing falls between the two.
  const feedFrom = await latestOrderEvent(db, actor);
  const figures = await dashboardFigures(db, actor);
  const overview = query.tab === "overview" ? await dashboardOverview(db, actor) : null;
  // The overview shows the newest orders; each other section its own table.
  const tab =
    query.tab === "products"
      ? { kind: "products" as const, ...(await adminProducts(db, actor, query)) }
      : query.tab === "users"
        ? { kind: "users" as const, ...(await adminUsers(db, actor, query)) }
        : query.tab === "emails"
          ? { kind: "emails" as const, ...(await recentMail(db, actor, query.page)) }
          : { kind: "orders" as const, ...(await adminOrders(db, actor, query)) };
  // Documents name the made-up demo seller until SHOP_GSTIN is set: they are specimens, and the
  // dashboard says why and what to set.
  const specimen = isSpecimenSeller(config.seller) ? config.seller.gstin : null;
  return { figures, overview, query, tab, adminId: actor.userId, feedFrom, specimen };
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
  orders: "Orders",
  users: "Users",
  emails: "E-mails",
} as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, overview, query, tab, adminId, feedFrom, specimen } = loaderData;
  const arrived = useLiveOrders(feedFrom);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {specimen ? <SpecimenNotice gstin={specimen} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold">{HEADINGS[query.tab]}</h1>
        <TabAction tab={query.tab} ordersToShip={figures.ordersToShip} />
      </div>
      {overview ? <StatCards figures={figures} /> : null}
      {overview ? (
        <div className="mt-6 grid gap-4 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <SalesChart days={overview.sales} />
          </div>
          <LowStockList rows={overview.lowStock.rows} more={overview.lowStock.more} />
        </div>
      ) : null}
      {overview ? <h2 className="mt-8 text-lg font-semibold">Latest orders</h2> : null}
      {tab.kind === "orders" && !overview ? <OrderStatusTabs current={query.status} q={query.q} /> : null}
      {overview || tab.kind === "emails" ? null : (
        <AdminSearch tab={query.tab} q={query.q ?? ""} status={query.status} />
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this box, and a keyboard must be able to scroll it too (WCAG 2.1.1). */}
      <section className="mt-4 overflow-x-auto" aria-label={`${HEADINGS[query.tab]} table`} tabIndex={0}>
        {tab.kind === "products" ? <ProductsTable rows={tab.rows} firstNumber={tab.firstNumber} /> : null}
        {tab.kind === "orders" ? <OrdersTable rows={tab.rows} arrived={arrived} /> : null}
        {tab.kind === "users" ? <UsersTable rows={tab.rows} firstNumber={tab.firstNumber} adminId={adminId} /> : null}
        {tab.kind === "emails" ? <MailTable rows={tab.rows} /> : null}
      </section>
      {tab.rows.length === 0 ? (
        <p className="mt-6 text-center text-zinc-600 dark:text-zinc-400">Nothing found.</p>
      ) : null}
      {overview ? (
        <p className="mt-4 text-right">
          <Link to="/dashboard?tab=orders" className="text-sm font-semibold underline">
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

function pageLink(query: { tab: string; q?: string; status?: string }, page: number): string {
  const params = new URLSearchParams({ tab: query.tab, page: String(page) });
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  return `/dashboard?${params}`;
}

/** Each section's own next step: add a product, or ship the orders waiting; none for users and mail. */
function TabAction({ tab, ordersToShip }: { tab: string; ordersToShip: number }) {
  if (tab === "products") {
    return (
      <div className="flex flex-wrap gap-2">
        <Link to="/admin/products" className="btn-outline">
          Stock, import and bulk changes
        </Link>
        <Link to="/addproduct" className="btn-gold">
          Add Product
        </Link>
      </div>
    );
  }
  if (tab === "overview") {
    return (
      <Link to="/addproduct" className="btn-gold">
        Add Product
      </Link>
    );
  }
  if (tab === "orders" && ordersToShip > 0) {
    return (
      <Link to="/dashboard?tab=orders&status=placed" className="btn-gold">
        {ordersToShip} to ship
      </Link>
    );
  }
  return null;
}
