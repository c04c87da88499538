import { Link } from "react-router";
import { z } from "zod";
import { type ShipmentView, shipmentsScreen } from "#server/admin/shipments-screen.service.ts";
import { BOOKING_BATCH_MAX, type BookingResult, bookCouriers } from "#server/shipping/booking.service.ts";
import { answerFailedDeliveryAsAdmin } from "#server/shipping/ndr.service.ts";
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
import { ToShipList } from "../../components/admin/to-ship-list.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/shipments";

const VIEW_LABELS: Record<ShipmentView, string> = {
  "to-ship": "To ship",
  ndr: "Failed deliveries",
  problems: "Lost and failed bookings",
  rto: "Returns by pincode",
};

/**
 * Parcels that need the staff (record 43): orders to book and print, failed deliveries, lost ones
 * and failed bookings, returns by pincode; each view for the roles it is for (record 45).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, config, carrier } = appServices(context);
  return shipmentsScreen(db, actor, {
    view: url.searchParams.get("view"),
    page: pageNumber(url.searchParams.get("page"), 10_000),
    now: Date.now(),
    courierOn: carrier !== null,
    delivery: config.delivery,
  });
}

const shipmentAction = z.union(
  [
    z.object({
      intent: z.literal("ndr"),
      shipmentId: idField("Which shipment? The shipment number is not valid."),
    }),
    z.object({
      intent: z.literal("book"),
      orderId: z
        .array(idField("Which order? The order number is not valid."))
        .min(1, "Tick the orders to book first.")
        .max(BOOKING_BATCH_MAX, `Book at most ${BOOKING_BATCH_MAX} orders at once.`),
    }),
  ],
  { error: "Unknown shipment action." },
);

/** What a booking of many orders did, in one line: how many were booked, and each failure with its order. */
function bookingSummary(results: readonly BookingResult[]): { kind: "success" | "error"; text: string } {
  const failed = results.filter((result) => result.outcome === "failed");
  const done = results.length - failed.length;
  const failures = failed.map(
    (result) => `${result.orderNumber ?? `order ${result.orderId}`}: ${result.error?.message}`,
  );
  const booked = `${done} of ${results.length} ${results.length === 1 ? "order" : "orders"} booked`;
  return failed.length === 0
    ? { kind: "success", text: booked }
    : { kind: "error", text: `${booked}. ${failures.join(" ")}` };
}

/**
 * Whoever packs books the ticked orders with the courier (each answering on its own); whoever
 * manages orders answers a failed delivery: deliver again on a day, or bring the parcel back.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const backTo = `/admin/shipments${url.search}`;
  const { db, carrier } = appServices(context);
  try {
    const form = await readForm(request);
    const asked = routeFields(form, shipmentAction);
    if (asked.intent === "book") {
      const summary = bookingSummary(await bookCouriers({ db, carrier }, actor, asked.orderId));
      return actionDone(context, request, makeToast(summary.kind, summary.text), { backTo });
    }
    const done = await answerFailedDeliveryAsAdmin(
      { db, carrier },
      actor,
      asked.shipmentId,
      formFields(form, ndrChoiceSchema),
    );
    return actionDone(context, request, makeToast("success", done), { backTo });
  } catch (error) {
    return actionFailed(context, request, error, { backTo });
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Shipments",
    description: "Orders to ship, failed deliveries, lost parcels and returns.",
    noindex: true,
  });

export default function Shipments({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const hasNext = Boolean((data.toShip ?? data.ndr ?? data.problems ?? data.rto)?.hasNext);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Shipments</h1>
      <nav aria-label="Shipment views" className="flex flex-wrap gap-2">
        {data.views.map((view) => (
          <Link
            key={view}
            to={`/admin/shipments?view=${view}`}
            aria-current={data.view === view ? "page" : undefined}
            className={data.view === view ? "btn-gold" : "btn-outline"}
          >
            {VIEW_LABELS[view]}
          </Link>
        ))}
      </nav>
      {data.toShip ? <ToShipList rows={data.toShip.rows} courierBooking={data.courierBooking} /> : null}
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
