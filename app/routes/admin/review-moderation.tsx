import { Form, Link } from "react-router";
import { formatShopDateTime } from "#core/dates.ts";
import { FIT_WORDS, type Fit } from "#core/size-charts.ts";
import { moderationSchema, type ReviewStatus } from "#server/reviews/reviews.schemas.ts";
import { moderateReview, reviewQueue } from "#server/reviews/reviews.service.ts";
import { pageNumber } from "#server/validation/fields.ts";
import { formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { TabLinks } from "../../components/admin/tab-links.tsx";
import { Stars } from "../../components/reviews/stars.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { PhotoThumbnails } from "../../components/ui/photo-thumbnails.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/review-moderation";

const TABS: { status: ReviewStatus; label: string }[] = [
  { status: "pending", label: "Waiting" },
  { status: "held", label: "Held by the filter" },
  { status: "approved", label: "Published" },
  { status: "rejected", label: "Rejected" },
];

function statusOf(url: URL): ReviewStatus {
  const asked = url.searchParams.get("status");
  return TABS.find((tab) => tab.status === asked)?.status ?? "pending";
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const status = statusOf(url);
  const queue = await reviewQueue(appServices(context).db, actor, status, pageNumber(url.searchParams.get("page")));
  return { status, ...queue };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  try {
    const form = await readForm(request);
    const decided = await moderateReview(appServices(context).db, actor, formFields(form, moderationSchema));
    const message =
      decided === "approved" ? "The review is published." : "The review is rejected; its author sees why.";
    return redirectWithToast(context, `/admin/reviews?status=${statusOf(url)}`, makeToast("success", message));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Reviews", description: "Reviews waiting to be read, published and rejected.", noindex: true });

/** The moderation queue: read each review, publish it as written or reject it with a reason. */
export default function ReviewsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { status, reviews, counts, page, hasNext } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Reviews</h1>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Publish a review as written, good or bad; reject it only for what{" "}
        <Link to="/how-reviews-work" className="underline underline-offset-4">
          How reviews work
        </Link>{" "}
        names (abuse, personal details or links, not about the piece, advertising). The author sees the reason.
      </p>
      <StatusTabs status={status} counts={counts} />
      <FormError message={actionData?.message} />
      {reviews.length === 0 ? <p>No reviews here.</p> : null}
      <ul className="flex flex-col gap-4">
        {reviews.map((review) => (
          <QueuedReview key={review.id} review={review} />
        ))}
      </ul>
      <div className="flex gap-3">
        {page > 1 ? (
          <Link to={`/admin/reviews?status=${status}&page=${page - 1}`} className="btn-outline">
            Previous
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={`/admin/reviews?status=${status}&page=${page + 1}`} className="btn-outline">
            Next
          </Link>
        ) : null}
      </div>
    </div>
  );
}

type Queue = Route.ComponentProps["loaderData"];

/** The queue's tabs (waiting, held, published, rejected), each with how many it holds. */
function StatusTabs({ status, counts }: Pick<Queue, "status" | "counts">) {
  return (
    <TabLinks
      label="Review status"
      tabs={TABS.map((tab) => ({
        key: tab.status,
        to: `/admin/reviews?status=${tab.status}`,
        current: tab.status === status,
        label: (
          <>
            {tab.label} ({counts[tab.status] ?? 0})
          </>
        ),
      }))}
    />
  );
}

/** One review as its author wrote it, who wrote it about what, and the buttons that decide it. */
function QueuedReview({ review }: { review: Queue["reviews"][number] }) {
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="queued-review">
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} />
        <h2 className="font-semibold">{review.title}</h2>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        <Link to={`/productinfo/${review.productId}`} className="underline underline-offset-4">
          {review.productTitle}
        </Link>{" "}
        · {review.authorName}, {review.authorCity} ({review.authorEmail}) · size {review.sizeBought},{" "}
        {FIT_WORDS[review.fit as Fit].toLowerCase()} · {formatShopDateTime(review.updatedAt)}
      </p>
      {review.heldFor ? (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">Held: {review.heldFor}</p>
      ) : null}
      {review.rejectReason ? <p className="text-sm">Rejected: {review.rejectReason}</p> : null}
      <p className="whitespace-pre-line">{review.body}</p>
      <PhotoThumbnails photos={review.photos} describe={(index) => `Photo ${index + 1} of the review`} />
      <div className="flex flex-wrap items-end gap-3">
        {review.status !== "approved" ? (
          <Form method="post">
            <input type="hidden" name="reviewId" value={review.id} />
            <input type="hidden" name="decision" value="approve" />
            <button type="submit" className="btn-primary" aria-label={`Publish the review "${review.title}"`}>
              Publish
            </button>
          </Form>
        ) : null}
        {review.status !== "rejected" ? <RejectForm reviewId={review.id} /> : null}
      </div>
    </li>
  );
}

/** Rejecting a review takes a reason, which its author reads. */
function RejectForm({ reviewId }: { reviewId: number }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="decision" value="reject" />
      <div>
        <label htmlFor={`reason-${reviewId}`} className="label">
          Reason for rejecting
        </label>
        <input id={`reason-${reviewId}`} name="reason" className="field" maxLength={300} required />
      </div>
      <SubmitButton label="Reject" pendingLabel="Saving…" className="btn-outline" />
    </Form>
  );
}
