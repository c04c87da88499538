import { data } from "react-router";
import { refusalOf } from "#server/http/service-errors.ts";
import { unsubscribeFromReviews, unsubscribeTarget } from "#server/reviews/reviews.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { Notice } from "../components/ui/notice.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { useT } from "../locales/i18n.ts";
import { Form } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import { serviceText } from "../locales/service-text.ts";
import type { Route } from "./+types/review-unsubscribe";

/**
 * The link in a review invitation: no more invitations to that address, without signing in. Opening
 * it asks (a mail scanner that follows links changes nothing); the button stops them.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { target: await unsubscribeTarget(appServices(context).db, params.token), error: null };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ target: null, error: refusal.message }, { status: refusal.status });
  }
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    await unsubscribeFromReviews(appServices(context).db, params.token);
    return { ok: true as const };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = privatePageMeta("unsub.title", "unsub.description");

export default function ReviewUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.ok || loaderData.target?.done;
  const t = useT();
  const email = loaderData.target?.email ?? "";
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{t("unsub.title")}</h1>
      {loaderData.error ? (
        <Notice tone="error">{serviceText(t, loaderData.error)}</Notice>
      ) : done ? (
        <Notice tone="success">{t("unsub.done", { email })}</Notice>
      ) : (
        <Form method="post" className="card flex flex-col gap-3 p-5">
          <p>{t("unsub.ask", { email })}</p>
          <SubmitButton label={t("unsub.stop")} pendingLabel={t("unsub.saving")} className="btn-primary self-start" />
        </Form>
      )}
      {actionData && !actionData.ok ? <Notice tone="error">{serviceText(t, actionData.message)}</Notice> : null}
    </div>
  );
}
