import { Printer } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { actorLabelText } from "#core/actor.ts";
import { formatShopDateTime } from "#core/dates.ts";
import { orderJob, retryJob } from "#server/admin/order-jobs.service.ts";
import { formFailure } from "../../.server/action-results.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-job";

const MISSING = "This job could not be found.";

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return orderJob(appServices(context).db, actor, idFromPath(params.jobId, MISSING));
}

const retryForm = z.object({ intent: z.literal("retry", { error: "Unknown job action." }) });

/** Runs the failed (and unreached) orders again, as a new job. */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  routeFields(await readForm(request), retryForm);
  try {
    const { db, carrier } = appServices(context);
    const jobId = await retryJob(db, actor, { jobId: String(idFromPath(params.jobId, MISSING)) }, { carrier });
    return redirect(`/admin/jobs/${jobId}`);
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Bulk action", description: "A bulk action's results.", noindex: true });

const OUTCOME_LABELS = { done: "Done", failed: "Failed", pending: "Not reached" } as const;

/** A bulk action's result per order: what went through, what failed and why, and a retry of the failed. */
export default function OrderJob({ loaderData, actionData }: Route.ComponentProps) {
  const job = loaderData;
  const done = job.results.filter((row) => row.outcome === "done").length;
  const left = job.results.length - done;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
      <Link to="/admin/orders" className="text-sm underline">
        ← Orders
      </Link>
      <h1 className="font-display text-3xl font-semibold">
        {job.label}: {done} of {job.results.length} done
      </h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        By {actorLabelText(job.actor)} · {formatShopDateTime(job.createdAt)}
        {job.reason ? ` · Reason: ${job.reason}` : ""}
        {job.retryOf ? (
          <>
            {" · Retry of "}
            <Link to={`/admin/jobs/${job.retryOf}`} className="underline">
              job {job.retryOf}
            </Link>
          </>
        ) : null}
        {job.finishedAt ? "" : " · not finished: the orders not reached were not changed"}
      </p>
      {job.paper ? <PaperLink jobId={job.id} printed={done} /> : null}
      <FormError message={actionData?.ok === false ? actionData.message : undefined} />
      {left > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <SubmitButton label={`Try the ${left} again`} pendingLabel="Trying again…" className="btn-primary" />
        </Form>
      ) : null}
      <JobResults results={job.results} />
    </div>
  );
}

/** A print job's one PDF, of the orders it found printable. */
function PaperLink({ jobId, printed }: { jobId: number; printed: number }) {
  return (
    <p>
      <a href={`/admin/jobs/${jobId}/paper.pdf`} className="btn-primary" target="_blank" rel="noreferrer">
        <Printer aria-hidden="true" className="size-4" />
        Open the PDF ({printed} {printed === 1 ? "order" : "orders"})
      </a>
    </p>
  );
}

/** Each order's result, with what failed and why. */
function JobResults({ results }: { results: Route.ComponentProps["loaderData"]["results"] }) {
  return (
    <ul className="card divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="job-results">
      {results.map((row) => (
        <li
          key={row.orderId}
          className="flex flex-wrap items-baseline justify-between gap-2 p-3"
          data-outcome={row.outcome}
        >
          <Link to={`/admin/orders/${row.orderId}`} className="font-medium underline">
            {row.orderNumber}
          </Link>
          <span className={row.outcome === "failed" ? "text-red-700 dark:text-red-300" : ""}>
            {OUTCOME_LABELS[row.outcome]}
            {row.message ? `: ${row.message}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
