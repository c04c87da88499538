import { z } from "zod";
import { offerFormSchema } from "#server/offers/offers.schemas.ts";
import { createOffer, listOffers, setOfferEnabled } from "#server/offers/offers-admin.service.ts";
import { formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { OfferForm, type OfferFormValues, offerFormValues } from "../../components/admin/offer-form.tsx";
import { OffersTable } from "../../components/admin/offers-table.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/offer-list";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return { offers: await listOffers(appServices(context).db, actor) };
}

/** Which of the page's forms was sent: a new offer, or an offer disabled or enabled again. */
const offersForm = z.object({
  intent: z.enum(["save", "disable", "enable"], { error: "Unknown action." }),
  id: z.string().default(""),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const form = await readForm(request);
  const { db } = appServices(context);
  const { intent, id } = routeFields(form, offersForm);
  const values = formFields(form, offerFormSchema);
  try {
    if (intent === "save") {
      const offer = await createOffer(db, actor, values);
      return redirectWithToast(context, "/admin/offers", makeToast("success", `${offer.name} created`));
    }
    const offer = await setOfferEnabled(db, actor, id, intent === "enable");
    const done = intent === "enable" ? "enabled again" : "disabled: no new order gets it";
    return redirectWithToast(context, "/admin/offers", makeToast("success", `${offer.name} ${done}`));
  } catch (error) {
    return formFailure(error, "The offer was not saved", values as Record<string, unknown> as Record<string, string>);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Offers", description: "Coupon codes and automatic offers.", noindex: true });

/** Every offer with where it stands and how often it was used, and the form for a new one. */
export default function Offers({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="font-display text-3xl font-semibold">Offers</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Codes shoppers type and offers that apply by themselves. A disabled offer stops at once; orders already placed
          keep what they got.
        </p>
      </div>
      <section aria-labelledby="offers-heading" className="card overflow-x-auto p-4">
        <h2 id="offers-heading" className="text-lg font-semibold">
          All offers
        </h2>
        <OffersTable offers={loaderData.offers} />
      </section>
      <section aria-labelledby="new-offer-heading" className="flex flex-col gap-4">
        <h2 id="new-offer-heading" className="text-xl font-semibold">
          New offer
        </h2>
        <OfferForm
          values={(failure?.values as OfferFormValues | undefined) ?? offerFormValues(null)}
          submitLabel="Create offer"
          error={failure?.message}
          fieldErrors={failure?.fieldErrors}
        />
      </section>
    </div>
  );
}
