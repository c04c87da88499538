import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { SHOP_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { confirmForBuyer, confirmWithBuyer } from "#server/cod-confirmation/cod-confirmation.service.ts";
import { recordEwayBill } from "#server/invoices/eway-bills.service.ts";
import { ewayBillNumberSchema } from "#server/invoices/invoice.schemas.ts";
import { addOrderNote, markPacked, orderNoteSchema } from "#server/orders/order-marks.service.ts";
import { changeStatusSchema } from "#server/orders/orders.schemas.ts";
import { cancelOrderByShop, changeStatusWithDetails, shipPackedOrder } from "#server/orders/orders.service.ts";
import {
  cashRemittanceFormSchema,
  markCashCollected,
  recordOrderRemittance,
} from "#server/payments/cash-payments.service.ts";
import type { AppServices } from "#server/services.ts";
import { actionDone, actionFailed, type FormFailure, formFailure } from "../../.server/action-results.ts";
import { appServices, isDocumentSubmission } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { parcelAction } from "./order-parcel.server.ts";

/** The order page's forms: its steps, a note, the status form (no intent), the e-way bill, the cash, the parcel. */
const orderForm = z.object({
  intent: z
    .enum(
      [
        "status",
        "confirm",
        "pack",
        "ship",
        "cancel",
        "note",
        "eway-bill",
        "cash-collected",
        "cash-remitted",
        "buyer-confirmed",
        "book-courier",
        "check-in",
      ],
      { error: "Unknown order action." },
    )
    .default("status"),
  reason: z
    .union([z.literal(""), z.enum(Object.keys(SHOP_CANCEL_REASONS) as [string, ...string[]])], {
      error: "Please choose a reason for cancelling.",
    })
    .default(""),
});

type Intent = z.output<typeof orderForm>["intent"];

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; url: URL };

const DONE: Record<string, string> = {
  confirm: "Order confirmed",
  "buyer-confirmed": "Recorded: the buyer confirmed the order",
  pack: "Marked as packed",
  ship: "Marked as shipped",
  cancel: "Order cancelled",
  note: "Note saved",
  "eway-bill": "E-way bill number saved",
  "cash-collected": "Cash marked as collected",
  "cash-remitted": "Remittance recorded",
  status: "Order status updated",
};

type Step = { db: AppServices["db"]; actor: Actor; orderId: number; form: FormData; reason: string };

/** Each form's one service call (the status form's is apart: it may be sent without a status). */
const STEPS: Record<Exclude<Intent, "status" | "book-courier" | "check-in">, (step: Step) => Promise<unknown>> = {
  confirm: ({ db, actor, orderId }) => confirmWithBuyer(db, actor, orderId),
  "buyer-confirmed": ({ db, actor, orderId }) => confirmForBuyer(db, actor, orderId),
  pack: ({ db, actor, orderId }) => markPacked(db, actor, orderId),
  ship: ({ db, actor, orderId }) => shipPackedOrder(db, actor, orderId),
  cancel: ({ db, actor, orderId, reason }) => cancelOrderByShop(db, actor, orderId, reason),
  note: ({ db, actor, orderId, form }) => addOrderNote(db, actor, orderId, formFields(form, orderNoteSchema)),
  "eway-bill": ({ db, actor, orderId, form }) =>
    recordEwayBill(db, actor, { ...formFields(form, ewayBillNumberSchema), orderId }),
  "cash-collected": ({ db, actor, orderId }) => markCashCollected(db, actor, orderId),
  "cash-remitted": ({ db, actor, orderId, form }) =>
    recordOrderRemittance(db, actor, orderId, formFields(form, cashRemittanceFormSchema)),
};

/** The status form's move; false when it was sent without a status. */
async function statusStep({ db, actor, orderId, form }: Step): Promise<boolean> {
  const input = { ...formFields(form, changeStatusSchema), orderId };
  if (!input.to) return false;
  await changeStatusWithDetails(db, actor, input);
  return true;
}

/** The status form sent without a status: said beside the form, or on the order's page. */
function noStatusChosen(args: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  backTo: string;
  pageless: boolean;
}) {
  const message = "Please select a status";
  if (args.pageless && isDocumentSubmission(args.request)) {
    return actionDone(args.context, args.request, makeToast("error", message), args);
  }
  const failure: FormFailure & { values: { intent: string } } = {
    ok: false,
    code: "validation-failed",
    message,
    fieldErrors: {},
    values: { intent: "status" },
  };
  return data(failure, { status: 400 });
}

/**
 * Runs the step asked for on the order, through its one service, and comes back to the order's
 * page. Posted to an address without a page of its own (`pageless`: the order's old address), a
 * refusal goes back to the order's page as a toast instead of beside its form.
 */
export async function orderPageAction(
  { request, context, url }: ActionArgs,
  orderId: number,
  { pageless = false }: { pageless?: boolean } = {},
) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const form = await readForm(request);
  const { intent, reason } = routeFields(form, orderForm);
  const backTo = `/admin/orders/${orderId}`;
  if (intent === "book-courier" || intent === "check-in") {
    return parcelAction(intent, { context, request, orderId, pageless });
  }
  try {
    const step = { db, actor, orderId, form, reason };
    if (intent !== "status") await STEPS[intent](step);
    else if (!(await statusStep(step))) return noStatusChosen({ context, request, backTo, pageless });
  } catch (error) {
    const prefix = intent === "status" ? "Error updating order status" : undefined;
    if (pageless) return actionFailed(context, request, error, { backTo, ...(prefix ? { prefix } : {}) });
    // The form that failed says so beside itself: the page has several.
    return formFailure(error, prefix, { intent });
  }
  return actionDone(context, request, makeToast("success", DONE[intent] ?? "Saved"), { backTo });
}
