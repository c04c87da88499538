import { data } from "react-router";
import { refusalOf } from "#server/http/service-errors.ts";
import { unsubscribeFromReviews, unsubscribeTarget } from "#server/reviews/reviews.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { Notice } from "../components/ui/notice.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { pageMeta } from "../lib/seo.ts";
import { Form } from "../locales/link.tsx";
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

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Review invitations", description: "Stop the e-mails asking for reviews.", noindex: true });

export default function ReviewUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.ok || loaderData.target?.done;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">Review invitations</h1>
      {loaderData.error ? (
        <Notice tone="error">{loaderData.error}</Notice>
      ) : done ? (
        <Notice tone="success">
          Done: {loaderData.target?.email} gets no more e-mails asking for reviews. Order e-mails still come.
        </Notice>
      ) : (
        <Form method="post" className="card flex flex-col gap-3 p-5">
          <p>Stop the e-mails asking {loaderData.target?.email} to review pieces bought at Kesar?</p>
          <SubmitButton label="Stop review e-mails" pendingLabel="Saving…" className="btn-primary self-start" />
        </Form>
      )}
      {actionData && !actionData.ok ? <Notice tone="error">{actionData.message}</Notice> : null}
    </div>
  );
}
