import { FileText, Printer } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { rtoRates } from "#server/delivery/parcel-outcomes.ts";
import {
  answerFailedDeliveryAsAdmin,
  openNdrs,
  reattemptDays,
  shipmentProblems,
} from "#server/shipping/ndr.service.ts";
import { ndrChoiceSchema } from "#server/shipping/shipping.schemas.ts";
import { idField, pageNumber } from "#server/validation/fields.ts";
import { actionDone, actionFailed } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { NdrList } from "../../components/admin/ndr-list.tsx";
import { RtoRates } from "../../components/admin/rto-rates.tsx";
import { ShipmentProblems } from "../../components/admin/shipment-problems.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/shipments";

const VIEWS = [
  { view: "ndr", label: "Failed deliveries" },
  { view: "problems", label: "Lost and failed bookings" },
  { view: "rto", label: "Returns by pincode" },
] as const;
type View = (typeof VIEWS)[number]["view"];

/** Parcels that need the administrator (record 43): failed deliveries, lost ones and failed bookings, returns by pincode. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, config } = appServices(context);
  const view: View = VIEWS.find((entry) => entry.view === url.searchParams.get("view"))?.view ?? "ndr";
  const page = pageNumber(url.searchParams.get("page"), 10_000);
  const now = Date.now();
  return {
    view,
    page,
    now,
    days: reattemptDays(now),
    ndr: view === "ndr" ? await openNdrs(db, actor, page) : null,
    problems: view === "problems" ? await shipmentProblems(db, actor, page) : null,
    rto: view === "rto" ? await rtoRates(db, actor, config.delivery, { page, now }) : null,
  };
}

const ndrForm = z.object({
  intent: z.literal("ndr", { error: "Unknown shipment action." }),
  shipmentId: idField("Which shipment? The shipment number is not valid."),
});

/** The administrator answers a failed delivery: deliver again on a day, or bring the parcel back. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const backTo = `/admin/shipments${url.search}`;
  const { db, carrier } = appServices(context);
  try {
    const form = await readForm(request);
    const { shipmentId } = routeFields(form, ndrForm);
    const done = await answerFailedDeliveryAsAdmin(
      { db, carrier },
      actor,
      shipmentId,
      formFields(form, ndrChoiceSchema),
    );
    return actionDone(context, request, makeToast("success", done), { backTo });
  } catch (error) {
    return actionFailed(context, request, error, { backTo });
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Shipments", description: "Failed deliveries, lost parcels and returns.", noindex: true });

export default function Shipments({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const hasNext = Boolean((data.ndr ?? data.problems ?? data.rto)?.hasNext);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Shipments</h1>
      <PaperLinks />
      <nav aria-label="Shipment views" className="flex flex-wrap gap-2">
        {VIEWS.map(({ view, label }) => (
          <Link
            key={view}
            to={`/admin/shipments?view=${view}`}
            aria-current={data.view === view ? "page" : undefined}
            className={data.view === view ? "btn-gold" : "btn-outline"}
          >
            {label}
          </Link>
        ))}
      </nav>
      {data.ndr ? <NdrList rows={data.ndr.rows} days={data.days} now={data.now} /> : null}
      {data.problems ? <ShipmentProblems rows={data.problems.rows} /> : null}
      {data.rto ? <RtoRates rows={data.rto.rows} maxRate={data.rto.maxRate} /> : null}
      <Pagination
        page={data.page}
        hasPrevious={data.page > 1}
        hasNext={hasNext}
        hrefFor={(page) => `/admin/shipments?view=${data.view}&page=${page}`}
      />
    </div>
  );
}

/** One PDF for the orders waiting to ship: their labels, their labels with packing slips, their pick list. */
function PaperLinks() {
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      <a href="/admin/shipments/labels.pdf" className="btn-outline" target="_blank" rel="noreferrer">
        <Printer aria-hidden="true" className="size-4" />
        Print labels for orders to ship
      </a>
      <a href="/admin/shipments/parcel-papers.pdf" className="btn-outline" target="_blank" rel="noreferrer">
        <FileText aria-hidden="true" className="size-4" />
        Labels with packing slips
      </a>
      <a href="/admin/shipments/pick-list.pdf" className="btn-outline" target="_blank" rel="noreferrer">
        <FileText aria-hidden="true" className="size-4" />
        Pick list
      </a>
    </p>
  );
}
