import type { RouterContextProvider } from "react-router";
import { bookCouriers } from "#server/shipping/booking.service.ts";
import { checkInParcel } from "#server/shipping/check-in.service.ts";
import { actionDone, actionFailed, formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";

type Args = { context: Readonly<RouterContextProvider>; request: Request; orderId: number; pageless?: boolean };

const BOOKED = {
  booked: "Courier booked",
  "already-booked": "Already booked with the courier",
  "in-progress": "The booking is under way: reload in a moment",
} as const;

/**
 * The order page's parcel buttons: "Book courier" (one order through the same service the back
 * office calls with many; a failure is a toast and stays on the panel) and "Checked in".
 */
export async function parcelAction(intent: "book-courier" | "check-in", { context, request, orderId, pageless }: Args) {
  const actor = adminOrLogin({ context, request, url: new URL(request.url) });
  const { db, carrier } = appServices(context);
  const backTo = `/admin/orders/${orderId}`;
  try {
    if (intent === "check-in") {
      await checkInParcel(db, actor, orderId);
      return actionDone(context, request, makeToast("success", "Checked in: its pieces are on the shelf"), { backTo });
    }
    const [result] = await bookCouriers({ db, carrier }, actor, [orderId]);
    if (!result || result.outcome === "failed") {
      const message = result?.error?.message ?? "The booking failed.";
      return actionDone(context, request, makeToast("error", message), { backTo });
    }
    const awb = result.awb ? `: AWB ${result.awb}` : "";
    return actionDone(context, request, makeToast("success", `${BOOKED[result.outcome]}${awb}`), { backTo });
  } catch (error) {
    if (pageless) return actionFailed(context, request, error, { backTo });
    // Said beside the parcel's buttons: the order page has several forms.
    return formFailure(error, undefined, { intent });
  }
}
