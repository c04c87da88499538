import { useEffect, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { formatShopDateTime } from "#core/dates.ts";
import { localeOfPath } from "#core/locales.ts";
import { formatInr } from "#core/money.ts";
import { confirmCheckout, paymentPage, retryPayment } from "#server/payments/online-payments.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { readForm, routeFields } from "../.server/forms.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { FormError } from "../components/ui/form-error.tsx";
import { pageMeta } from "../lib/seo.ts";
import { type Translate, translator, useLocale, useT } from "../locales/i18n.ts";
import { Form, Link } from "../locales/link.tsx";
import type { Route } from "./+types/pay";

/** An online order's payment, opened by the order's secret link: pay, or try again after a failure. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, payments } = appServices(context);
  return { payment: await paymentPage(db, payments, params.token) };
}

const gatewayField = z.string().trim().max(200).default("");
const payForm = z.object({
  intent: z.enum(["confirm", "retry"], { error: "Unknown payment action." }),
  razorpay_order_id: gatewayField,
  razorpay_payment_id: gatewayField,
  razorpay_signature: gatewayField,
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, payments } = appServices(context);
  const form = await readForm(request);
  try {
    const fields = routeFields(form, payForm);
    if (fields.intent === "retry") {
      await retryPayment(db, params.token);
      return redirectWithToast(context, `/orders/${params.token}/pay`, makeToast("info", "Your pieces are held again"));
    }
    const status = await confirmCheckout(db, payments, params.token, fields);
    const toast =
      status === "paid" ? makeToast("success", "Payment received. Thank you!") : makeToast("info", "Payment noted");
    return redirectWithToast(context, `/orders/${params.token}`, toast);
  } catch (error) {
    return formFailure(error, "The payment could not be completed");
  }
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(localeOfPath(location.pathname));
  return [
    ...pageMeta({ title: t("pay.title"), description: t("pay.description"), noindex: true }),
    // The address holds the order's secret: it must not reach the payment gateway as a Referer.
    { name: "referrer", content: "no-referrer" },
  ];
};

type RazorpayResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type RazorpayCheckout = { open: () => void; on: (event: string, handler: (response: unknown) => void) => void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;

/** The gateway's checkout script, loaded once, from the address the shop is configured with. */
function useCheckoutScript(src: string | null): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!src) return;
    const global = window as unknown as { Razorpay?: RazorpayConstructor };
    if (global.Razorpay) {
      setReady(true);
      return;
    }
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => setReady(true);
    document.head.appendChild(script);
  }, [src]);
  return ready;
}

/**
 * Opens the gateway's payment window for the order; a payment made there is confirmed with the
 * shop, and a window closed or a payment refused is said in a note.
 */
function useGatewayWindow(
  payment: Route.ComponentProps["loaderData"]["payment"],
  setNote: (note: string | null) => void,
  t: Translate,
): () => void {
  const submit = useSubmit();
  const { checkout } = payment;
  return () => {
    const Razorpay = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
    if (!checkout || !Razorpay) return;
    setNote(null);
    const gateway = new Razorpay({
      key: checkout.key,
      amount: checkout.amount,
      currency: checkout.currency,
      order_id: checkout.gatewayOrderId,
      name: "Kesar",
      description: t("pay.gatewayOrder", { number: payment.orderNumber }),
      prefill: { name: checkout.name, email: checkout.email, contact: checkout.phone },
      theme: { color: "#b7791f" },
      handler: (response: RazorpayResponse) => void submit({ intent: "confirm", ...response }, { method: "post" }),
      modal: { ondismiss: () => setNote(t("pay.windowClosed")) },
    });
    gateway.on("payment.failed", () => setNote(t("pay.failed")));
    gateway.open();
  };
}

export default function Pay({ loaderData, actionData, params }: Route.ComponentProps) {
  const { payment } = loaderData;
  const { checkout } = payment;
  const t = useT();
  const ready = useCheckoutScript(checkout?.scriptUrl ?? null);
  const navigation = useNavigation();
  const [note, setNote] = useState<string | null>(null);
  const busy = navigation.state !== "idle";
  const open = useGatewayWindow(payment, setNote, t);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{t("pay.heading", { number: payment.orderNumber })}</h1>
      <FormError message={actionData?.message} />
      <section className="card flex flex-col gap-4 p-6" aria-labelledby="pay-heading">
        <h2 id="pay-heading" className="text-lg font-semibold">
          {t("pay.amount")}
          <span data-testid="pay-amount">{formatInr(payment.total)}</span>
        </h2>
        <PaymentState payment={payment} />
        {checkout ? (
          <>
            <button type="button" className="btn-gold w-full" onClick={open} disabled={!ready || busy}>
              {busy ? t("pay.confirming") : t("pay.online", { amount: formatInr(payment.total) })}
            </button>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("pay.means")}</p>
          </>
        ) : null}
        {payment.paymentStatus === "failed" && payment.status === "placed" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry" />
            <button type="submit" className="btn-gold w-full" disabled={busy}>
              {t("pay.tryAgain")}
            </button>
          </Form>
        ) : null}
        {note ? (
          <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
            {note}
          </p>
        ) : null}
      </section>
      <Link to={`/orders/${params.token}`} className="text-sm underline">
        {t("pay.viewOrder")}
      </Link>
    </div>
  );
}

function PaymentState({ payment }: { payment: Route.ComponentProps["loaderData"]["payment"] }) {
  const t = useT();
  const locale = useLocale();
  if (payment.status === "cancelled") return <p>{t("pay.cancelled")}</p>;
  if (payment.paymentStatus === "paid") return <p role="status">{t("pay.paid")}</p>;
  if (payment.paymentStatus === "failed") return <p>{t("pay.expired")}</p>;
  if (payment.paymentStatus === "awaiting") {
    return (
      <p>
        {t("pay.awaiting")}
        {payment.expiresAt ? t("pay.holdUntil", { time: formatShopDateTime(payment.expiresAt, locale) }) : ""}
      </p>
    );
  }
  return <p>{t("pay.nothingDue")}</p>;
}
