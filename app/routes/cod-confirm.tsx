import { formatInr } from "#core/money.ts";
import { confirmationAnswerSchema } from "#server/cod-confirmation/cod-confirmation.schemas.ts";
import { answerByBuyer, confirmationPage } from "#server/cod-confirmation/cod-confirmation.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { CancelReasonFields } from "../components/orders/cancel-reason-fields.tsx";
import { FormError } from "../components/ui/form-error.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { fillInNodes } from "../locales/fill-in-nodes.tsx";
import { useT } from "../locales/i18n.ts";
import { Form, Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
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

export const meta = privatePageMeta("cod.title", "cod.description");

export default function CodConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{t("cod.title")}</h1>
      <p>
        {fillInNodes(t(order.itemCount === 1 ? "cod.summaryOne" : "cod.summary"), {
          number: <strong>{order.orderNumber}</strong>,
          name: order.name,
          count: order.itemCount,
          amount: <strong>{formatInr(order.toPay)}</strong>,
        })}
      </p>
      {order.open ? <AnswerForms failure={actionData} /> : <Answered order={order} />}
      <Link to={order.orderPath} className="text-sm underline">
        {t("cod.seeOrder")}
      </Link>
    </div>
  );
}

type Page = Route.ComponentProps["loaderData"]["order"];

/** What became of the order once it was answered (or moved on). */
function Answered({ order }: { order: Page }) {
  const t = useT();
  if (order.answer === "confirmed" && order.status === "placed") {
    return <Notice tone="success">{t("cod.confirmed")}</Notice>;
  }
  if (order.status === "cancelled") return <Notice>{t("service.codOrderCancelled")}</Notice>;
  return <Notice>{t("cod.movedOn", { status: t(`status.${order.status}`).toLocaleLowerCase("en-IN") })}</Notice>;
}

/** Confirm, or cancel with a reason; cancelling is folded away so that nobody cancels by a slip. */
function AnswerForms({ failure }: { failure?: { message: string; fieldErrors?: Record<string, string> } }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("cod.intro")}</p>
      <FormError
        message={failure?.message}
        fieldErrors={failure?.fieldErrors}
        labels={{ reason: t("cod.whyCancel") }}
      />
      <Form method="post">
        <input type="hidden" name="answer" value="confirm" />
        <SubmitButton label={t("cod.confirm")} pendingLabel={t("acct.confirming")} className="btn-gold w-full" />
      </Form>
      <details open={Boolean(failure?.fieldErrors?.reason)} className="card p-4 text-sm">
        <summary className="cursor-pointer font-semibold">{t("cod.cancelThis")}</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
          <input type="hidden" name="answer" value="cancel" />
          <CancelReasonFields
            words={{
              why: t("cod.whyCancel"),
              choose: t("cod.chooseReason"),
              button: t("cod.cancelOrder"),
              pending: t("cod.cancelling"),
            }}
            error={failure?.fieldErrors?.reason}
          />
        </Form>
      </details>
    </div>
  );
}
