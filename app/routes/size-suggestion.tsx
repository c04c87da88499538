import { refusalOf } from "#server/http/service-errors.ts";
import { suggestSize } from "#server/reviews/reviews.service.ts";
import { idFromPath } from "../.server/address.ts";
import { appServices } from "../.server/context.ts";
import { fragmentResponse, pageInAskedLanguage, renderFragment } from "../.server/fragment.tsx";
import { Suggestion } from "../components/catalog/size-guide.tsx";
import { measuredFrom, typedFromFields } from "../lib/typed-measurements.ts";
import type { Route } from "./+types/size-suggestion";

/**
 * GET /productinfo/:id/size-suggestion?unit=cm&chest=90…&lang=hi-IN — "find my size" for the
 * product page's size guide (an island, record 48): the suggestion for what was typed, as HTML in
 * the page's language.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const productId = idFromPath(params.id, "This product could not be found.");
  const search = new URL(request.url).searchParams;
  const unit = search.get("unit") === "in" ? "in" : "cm";
  const typed = typedFromFields(search);
  try {
    const { kind, recommendation } = await suggestSize(appServices(context).db, productId, measuredFrom(typed, unit));
    const page = pageInAskedLanguage(request);
    return fragmentResponse(
      await renderFragment(page, () => <Suggestion recommendation={recommendation} kind={kind} />, "suggestion-"),
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return new Response(refusal.message, { status: refusal.status });
  }
}
