import { Link } from "react-router";
import { offerFormSchema } from "#server/offers/offers.schemas.ts";
import { getOffer, updateOffer } from "#server/offers/offers-admin.service.ts";
import { formFailure } from "../../.server/action-results.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { OfferForm, type OfferFormValues, offerFormValues } from "../../components/admin/offer-form.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/offer-editor";

/** The offer the address names, else not found. */
function offerId(params: { offerId: string }): number {
  return idFromPath(params.offerId, "This offer could not be found.");
}

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return { offer: await getOffer(appServices(context).db, actor, offerId(params)) };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const values = formFields(await readForm(request), offerFormSchema);
  try {
    const offer = await updateOffer(appServices(context).db, actor, offerId(params), values);
    return redirectWithToast(context, "/admin/offers", makeToast("success", `${offer.name} saved`));
  } catch (error) {
    return formFailure(error, "The offer was not saved", values as Record<string, unknown> as Record<string, string>);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: `Edit ${loaderData?.offer.name ?? "offer"}`, description: "Change an offer.", noindex: true });

/** One offer's form; orders already placed keep what they got. */
export default function OfferEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <div>
        <Link to="/admin/offers" className="text-sm underline">
          All offers
        </Link>
        <h1 className="mt-2 font-display text-3xl font-semibold">Edit {offer.name}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Used {offer.uses} {offer.uses === 1 ? "time" : "times"}. Orders already placed keep what they got.
        </p>
      </div>
      <OfferForm
        values={(actionData?.values as OfferFormValues | undefined) ?? offerFormValues(offer)}
        submitLabel="Save offer"
        error={actionData?.message}
        fieldErrors={actionData?.fieldErrors}
      />
    </div>
  );
}
