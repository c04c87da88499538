import { data } from "react-router";
import { localeOfPath } from "#core/locales.ts";
import { checkDelivery, type DeliveryPromise } from "#server/delivery/delivery.service.ts";
import { readCookie, shopCookies } from "#server/http/cookies.ts";
import { refusalOf } from "#server/http/service-errors.ts";
import { appServices, cookieSecurity } from "../.server/context.ts";
import { actorOf } from "../.server/session.ts";
import { DeliveryCheck } from "../components/catalog/delivery-check.tsx";
import { pageMeta } from "../lib/seo.ts";
import { translator, useT } from "../locales/i18n.ts";
import type { Route } from "./+types/delivery-promise";

export type DeliveryAnswer = { pincode: string | null; promise: DeliveryPromise | null; error: string | null };

/**
 * GET /delivery?pincode=560034: when a parcel there would arrive, and whether cash on delivery and a
 * return pickup are offered; the pincode is remembered (a cookie, and on the account). Without a
 * pincode, the answer for the one remembered, if any. The product page's box loads it; without
 * JavaScript its form comes here as a page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = appServices(context);
  const cookies = shopCookies(config.sessionSecret);
  const asked = new URL(request.url).searchParams.get("pincode");
  const remembered = await readCookie(cookies.pincode, request.headers.get("Cookie"));
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  try {
    const ask = { pincode: asked, remembered };
    const promise = await checkDelivery(db, actorOf(context), config.delivery, ask, Date.now());
    if (asked && promise) {
      headers.append("Set-Cookie", await cookies.pincode.serialize(promise.pincode, cookieSecurity(context)));
    }
    return data<DeliveryAnswer>({ pincode: promise?.pincode ?? null, promise, error: null }, { headers });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const answer = { pincode: (asked ?? "").slice(0, 12), promise: null, error: refusal.message };
    return data<DeliveryAnswer>(answer, { status: refusal.status, headers });
  }
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta({ title: t("deliveryPage.title"), description: t("deliveryPage.description"), noindex: true });
};

export default function Delivery({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="font-display mb-6 text-3xl font-semibold">{t("deliveryPage.title")}</h1>
      <DeliveryCheck answer={loaderData} />
    </div>
  );
}
