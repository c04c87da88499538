import { data } from "react-router";
import { z } from "zod";
import { publishedReviews, voteHelpful } from "#server/reviews/reviews.service.ts";
import { idField, pageNumber } from "#server/validation/fields.ts";
import { formFailure } from "../.server/action-results.ts";
import { idFromPath } from "../.server/address.ts";
import { appServices } from "../.server/context.ts";
import { readForm, routeFields } from "../.server/forms.ts";
import { fragmentResponse, pageInAskedLanguage, renderFragment } from "../.server/fragment.tsx";
import { actorOf } from "../.server/session.ts";
import { HelpfulVote, ReviewItems, VoteRefusal } from "../components/reviews/reviews-section.tsx";
import type { Route } from "./+types/product-reviews";

/** The page's language for a part asked for as HTML (`view=html`, by the product page's island). */
function htmlView(request: Request): string | null {
  return new URL(request.url).searchParams.get("view") === "html" ? pageInAskedLanguage(request) : null;
}

/**
 * GET /productinfo/:id/reviews?sort=helpful|newest|lowest&page=2&photos=1 — a page of a product's
 * published reviews with the visitor's own helpful votes: loaded after the (shared, cached)
 * product page, never all at once. With `view=html`, as the page renders them (its island's).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const productId = idFromPath(params.id, "This product could not be found.");
  const page = await publishedReviews(appServices(context).db, actorOf(context), productId, {
    sort: search.get("sort"),
    page: pageNumber(search.get("page")),
    withPhotos: search.get("photos") === "1",
  });
  const view = htmlView(request);
  if (!view) return data(page, { headers: { "Cache-Control": "private, no-store" } });
  const html = await renderFragment(
    view,
    () => (
      <div data-has-next={page.hasNext ? "true" : "false"}>
        <ReviewItems productId={productId} reviews={page.reviews} />
      </div>
    ),
    `reviews-${page.page}-`,
  );
  return fragmentResponse(html);
}

const voteFields = z.object({ reviewId: idField("Which review?") });

/**
 * POST: "Was this helpful?" — one vote per account; a visitor is asked to log in (no guest cookie is
 * given). With `view=html`, the vote's line as the page renders it with the new count, or the
 * refusal's words (answered 200: the island shows either in place).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const view = htmlView(request);
  try {
    const fields = routeFields(await readForm(request), voteFields);
    const vote = await voteHelpful(appServices(context).db, actorOf(context), fields.reviewId);
    if (!view) return data({ ok: true as const, reviewId: fields.reviewId, ...vote });
    const voted = () => <HelpfulVote helpfulCount={vote.helpfulCount} voted />;
    return fragmentResponse(await renderFragment(view, voted, "vote-"));
  } catch (error) {
    const failure = formFailure(error);
    if (!view) return failure;
    const refused = () => <VoteRefusal message={failure.data.message} />;
    return fragmentResponse(await renderFragment(view, refused, "vote-"));
  }
}
