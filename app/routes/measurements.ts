import { data } from "react-router";
import { measurementsSchema } from "#server/size-guides/size-guides.schemas.ts";
import { myMeasurements, saveMeasurements } from "#server/size-guides/size-guides.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import type { Route } from "./+types/measurements";

/** GET /measurements — the signed-in customer's saved measurements for "find my size" (a guest's stay in the browser). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = actorOf(context);
  const measurements = await myMeasurements(appServices(context).db, actor);
  return data({ signedIn: actor.kind === "user", measurements }, { headers: { "Cache-Control": "private, no-store" } });
}

/** POST — keeps them on the account: millimetres and grams, each optional. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    await saveMeasurements(appServices(context).db, actorOf(context), formFields(form, measurementsSchema));
    return { ok: true as const };
  } catch (error) {
    return formFailure(error);
  }
}
