import { Form, Link } from "react-router";
import { CUSTOMER_CANCEL_REASONS } from "#core/cancel-reasons.ts";
import { formatInr } from "#core/money.ts";
import { STATUS_LABELS } from "#core/order-status.ts";
import { confirmationAnswerSchema } from "#server/cod-confirmation/cod-confirmation.schemas.ts";
import { answerByBuyer, confirmationPage } from "#server/cod-confirmation/cod-confirmation.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { FormError } from "../components/ui/form-error.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { SelectField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/cod-confirm";

/**
 * `/confirm/<code>`: the link a large cash order's buyer is sent by SMS (and WhatsApp) to confirm it
 * before it is packed, or to cancel it. No sign-in: the link's code is the key. Opening it changes
 * nothing (a link scanner may open it); the buttons do.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { order: await confirmationPage(appServices(context).db, params.token) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const db = appServices(context).db;
    const answer = await answerByBuyer(db, actorOf(context), params.token, formFields(form, confirmationAnswerSchema));
    const toast =
      answer === "confirmed"
        ? makeToast("success", "Thank you! Your order is confirmed: we will pack it now.")
        : makeToast("success", "Your order has been cancelled.");
    return redirectWithToast(context, `/confirm/${params.token}`, toast);
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Confirm your order", description: "Confirm your cash-on-delivery order.", noindex: true });

const REASONS = Object.entries(CUSTOMER_CANCEL_REASONS).map(([value, label]) => ({ value, label }));

export default function CodConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">Confirm your order</h1>
      <p>
        Order <strong>{order.orderNumber}</strong> for {order.name}: {order.itemCount}{" "}
        {order.itemCount === 1 ? "piece" : "pieces"}, <strong>{formatInr(order.toPay)}</strong> to pay in cash when it
        arrives.
      </p>
      {order.open ? <AnswerForms failure={actionData} /> : <Answered order={order} />}
      <Link to={order.orderPath} className="text-sm underline">
        See the whole order
      </Link>
    </div>
  );
}

type Page = Route.ComponentProps["loaderData"]["order"];

/** What became of the order once it was answered (or moved on). */
function Answered({ order }: { order: Page }) {
  if (order.answer === "confirmed" && order.status === "placed") {
    return <Notice tone="success">You have confirmed this order. Thank you! We are packing it.</Notice>;
  }
  if (order.status === "cancelled") return <Notice>This order has been cancelled.</Notice>;
  return <Notice>This order is {STATUS_LABELS[order.status].toLowerCase()}: there is nothing left to confirm.</Notice>;
}

/** Confirm, or cancel with a reason; cancelling is folded away so that nobody cancels by a slip. */
function AnswerForms({ failure }: { failure?: { message: string; fieldErrors?: Record<string, string> } }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        We pack large cash-on-delivery orders once their buyer confirms them. Did you place this order?
      </p>
      <FormError message={failure?.message} fieldErrors={failure?.fieldErrors} labels={{ reason: "Why cancel?" }} />
      <Form method="post">
        <input type="hidden" name="answer" value="confirm" />
        <SubmitButton label="Confirm my order" pendingLabel="Confirming…" className="btn-gold w-full" />
      </Form>
      <details open={Boolean(failure?.fieldErrors?.reason)} className="card p-4 text-sm">
        <summary className="cursor-pointer font-semibold">Cancel this order</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
          <input type="hidden" name="answer" value="cancel" />
          <SelectField
            name="reason"
            label="Why cancel?"
            placeholder="Choose a reason"
            options={REASONS}
            defaultValue=""
            error={failure?.fieldErrors?.reason}
          />
          <div>
            <SubmitButton
              label="Cancel order"
              pendingLabel="Cancelling…"
              className="btn bg-red-700 text-white hover:bg-red-800"
            />
          </div>
        </Form>
      </details>
    </div>
  );
}
