import { formatShopDay } from "#core/dates.ts";
import { localeOfPath } from "#core/locales.ts";
import { formatInr } from "#core/money.ts";
import { answerFailedDelivery } from "#server/shipping/ndr.service.ts";
import { parcelTracking } from "#server/shipping/parcel-views.service.ts";
import { ndrChoiceSchema } from "#server/shipping/shipping.schemas.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { NdrForm } from "../components/shipping/ndr-form.tsx";
import { ParcelTimeline } from "../components/shipping/parcel-timeline.tsx";
import { pageMeta } from "../lib/seo.ts";
import { translator, useLocale, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { serviceText } from "../locales/service-text.ts";
import type { Route } from "./+types/track";

/**
 * A parcel's tracking page (record 43), opened by its unguessable token alone, without signing in:
 * where it is, each scan of the courier, and after a failed attempt what the buyer wants done. It
 * shows no street, phone or e-mail, is kept out of search engines and shared caches, and sends no
 * Referer (the address is the secret).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { parcel: await parcelTracking(appServices(context).db, params.token) };
}

/** The buyer's answer to a failed delivery attempt, sent to the courier. */
export async function action({ request, params, context, url }: Route.ActionArgs) {
  const input = formFields(await readForm(request), ndrChoiceSchema);
  const { db, carrier } = appServices(context);
  let done: string;
  try {
    done = await answerFailedDelivery({ db, carrier }, params.token, input);
  } catch (error) {
    return formFailure(error);
  }
  return redirectWithToast(context, url.pathname, makeToast("success", done));
}

export function headers() {
  return {
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const t = translator(localeOfPath(location.pathname));
  return [
    ...pageMeta({
      title: loaderData ? t("track.title", { number: loaderData.parcel.orderNumber }) : t("track.yourParcel"),
      description: t("track.description"),
      noindex: true,
    }),
    { name: "referrer", content: "no-referrer" },
  ];
};

export default function Track({ loaderData, actionData }: Route.ComponentProps) {
  const { parcel } = loaderData;
  const failed = parcel.scans[0]?.activity ?? null;
  const t = useT();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("track.order", { number: parcel.orderNumber })}</p>
        <h1 className="font-display text-3xl font-semibold" data-testid="parcel-status">
          {serviceText(t, parcel.statusLabel)}
        </h1>
      </header>
      <ParcelFacts parcel={parcel} />
      {parcel.ndr ? (
        <NdrForm ndr={parcel.ndr} activity={failed} failure={actionData?.ok === false ? actionData : undefined} />
      ) : null}
      <section aria-labelledby="scans-heading" className="flex flex-col gap-3">
        <h2 id="scans-heading" className="text-lg font-semibold">
          {t("track.journey")}
        </h2>
        <ParcelTimeline scans={parcel.scans} />
      </section>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("track.questions")}{" "}
        <Link to="/" className="underline">
          {t("track.visitShop")}
        </Link>
        .
      </p>
    </div>
  );
}

/** Who carries it, its AWB, when it is expected, where it goes, and what to pay at the door. */
function ParcelFacts({ parcel }: { parcel: Route.ComponentProps["loaderData"]["parcel"] }) {
  const expected = parcel.expectedDeliveryAt && !["delivered", "rto-delivered"].includes(parcel.status);
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
      <dt className="text-zinc-600 dark:text-zinc-400">{t("track.courier")}</dt>
      <dd>{parcel.courierName ?? t("service.shipBooking")}</dd>
      <dt className="text-zinc-600 dark:text-zinc-400">{t("track.awb")}</dt>
      <dd className="font-mono break-all" data-testid="parcel-awb">
        {parcel.awb ?? t("track.notYet")}
      </dd>
      {expected && parcel.expectedDeliveryAt ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("track.expected")}</dt>
          <dd className="font-semibold">{formatShopDay(parcel.expectedDeliveryAt, locale)}</dd>
        </>
      ) : null}
      <dt className="text-zinc-600 dark:text-zinc-400">{t("track.goingTo")}</dt>
      <dd>{parcel.destination}</dd>
      {parcel.amountDue > 0 ? (
        <>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("track.toPay")}</dt>
          <dd>{t("track.inCash", { amount: formatInr(parcel.amountDue) })}</dd>
        </>
      ) : null}
    </dl>
  );
}
