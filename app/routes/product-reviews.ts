import { data } from "react-router";
import { z } from "zod";
import { publishedReviews, voteHelpful } from "#server/reviews/reviews.service.ts";
import { idField, pageNumber } from "#server/validation/fields.ts";
import { formFailure } from "../.server/action-results.ts";
import { idFromPath } from "../.server/address.ts";
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
  const search = new URL(request.url).searchParams;
  const page = await publishedReviews(
    appServices(context).db,
    actorOf(context),
    idFromPath(params.id, "This product could not be found."),
    {
      sort: search.get("sort"),
      page: pageNumber(search.get("page")),
      withPhotos: search.get("photos") === "1",
    },
  );
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

const voteFields = z.object({ reviewId: idField("Which review?") });

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
