import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { SHOP_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { recordEwayBill } from "#server/invoices/eway-bills.service.ts";
import { ewayBillNumberSchema } from "#server/invoices/invoice.schemas.ts";
import { addOrderNote, confirmCashOrder, markPacked, orderNoteSchema } from "#server/orders/order-marks.service.ts";
import { changeStatusSchema } from "#server/orders/orders.schemas.ts";
import { cancelOrderByShop, changeStatusWithDetails, shipPackedOrder } from "#server/orders/orders.service.ts";
import {
  cashRemittanceFormSchema,
  markCashCollected,
  recordOrderRemittance,
} from "#server/payments/cash-payments.service.ts";
import { actionDone, type FormFailure, formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";

/** The order page's forms: its steps, a note, the status form (no intent), the e-way bill, the cash. */
const orderForm = z.object({
  intent: z
    .enum(["status", "confirm", "pack", "ship", "cancel", "note", "eway-bill", "cash-collected", "cash-remitted"], {
      error: "Unknown order action.",
    })
    .default("status"),
  reason: z
    .union([z.literal(""), z.enum(Object.keys(SHOP_CANCEL_REASONS) as [string, ...string[]])], {
      error: "Please choose a reason for cancelling.",
    })
    .default(""),
});

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; url: URL };

const DONE: Record<string, string> = {
  confirm: "Order confirmed",
  pack: "Marked as packed",
  ship: "Marked as shipped",
  cancel: "Order cancelled",
  note: "Note saved",
  "eway-bill": "E-way bill number saved",
  "cash-collected": "Cash marked as collected",
  "cash-remitted": "Remittance recorded",
  status: "Order status updated",
};

/** Runs the step asked for on the order, through its one service, and comes back to the order's page. */
export async function orderPageAction({ request, context, url }: ActionArgs, orderId: number) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const form = await readForm(request);
  const { intent, reason } = routeFields(form, orderForm);
  try {
    if (intent === "confirm") await confirmCashOrder(db, actor, orderId);
    else if (intent === "pack") await markPacked(db, actor, orderId);
    else if (intent === "ship") await shipPackedOrder(db, actor, orderId);
    else if (intent === "cancel") await cancelOrderByShop(db, actor, orderId, reason);
    else if (intent === "note") await addOrderNote(db, actor, orderId, formFields(form, orderNoteSchema));
    else if (intent === "eway-bill")
      await recordEwayBill(db, actor, { ...formFields(form, ewayBillNumberSchema), orderId });
    else if (intent === "cash-collected") await markCashCollected(db, actor, orderId);
    else if (intent === "cash-remitted")
      await recordOrderRemittance(db, actor, orderId, formFields(form, cashRemittanceFormSchema));
    else {
      const input = { ...formFields(form, changeStatusSchema), orderId };
      if (!input.to) {
        const failure: FormFailure & { values: { intent: string } } = {
          ok: false,
          code: "validation-failed",
          message: "Please select a status",
          fieldErrors: {},
          values: { intent },
        };
        return data(failure, { status: 400 });
      }
      await changeStatusWithDetails(db, actor, input);
    }
  } catch (error) {
    // The form that failed says so beside itself: the page has several.
    return formFailure(error, intent === "status" ? "Error updating order status" : undefined, { intent });
  }
  return actionDone(context, request, makeToast("success", DONE[intent] ?? "Saved"), {
    backTo: `/admin/orders/${orderId}`,
  });
}
