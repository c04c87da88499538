import { data } from "react-router";
import { z } from "zod";
import { publishedReviews, voteHelpful } from "#server/reviews/reviews.service.ts";
import { decimalInteger, pageNumber } from "#server/validation/fields.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { readForm, routeFields } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import type { Route } from "./+types/product-reviews";

/**
 * GET /productinfo/:id/reviews?sort=helpful|newest|lowest&page=2&photos=1 — a page of a product's
 * published reviews with the visitor's own helpful votes: loaded after the (shared, cached)
 * product page, never all at once.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.id)) throw data(null, { status: 404 });
  const search = new URL(request.url).searchParams;
  const page = await publishedReviews(appServices(context).db, actorOf(context), Number(params.id), {
    sort: search.get("sort"),
    page: pageNumber(search.get("page")),
    withPhotos: search.get("photos") === "1",
  });
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

const voteFields = z.object({ reviewId: decimalInteger("Which review?", 1, Number.MAX_SAFE_INTEGER) });

/** POST: "Was this helpful?" — one vote per account; a visitor is asked to log in (no guest cookie is given). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const fields = routeFields(await readForm(request), voteFields);
    const vote = await voteHelpful(appServices(context).db, actorOf(context), fields.reviewId);
    return data({ ok: true as const, reviewId: fields.reviewId, ...vote });
  } catch (error) {
    return formFailure(error);
  }
}
