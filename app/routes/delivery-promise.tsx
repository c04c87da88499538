import { data } from "react-router";
import { answerDelivery, type DeliveryAnswer } from "../.server/delivery-answer.ts";
import { DeliveryCheck } from "../components/catalog/delivery-check.tsx";
import { useT } from "../locales/i18n.ts";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/delivery-promise";

/**
 * GET /delivery?pincode=560034: when a parcel there would arrive, and whether cash on delivery and a
 * return pickup are offered; the pincode is remembered (a cookie, and on the account). Without a
 * pincode, the answer for the one remembered, if any. Without JavaScript the product page's box
 * comes here as a page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { answer, status, headers } = await answerDelivery(request, context);
  return data<DeliveryAnswer>(answer, { status, headers });
}

export const meta = privatePageMeta("deliveryPage.title", "deliveryPage.description");

export default function Delivery({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="font-display mb-6 text-3xl font-semibold">{t("deliveryPage.title")}</h1>
      <DeliveryCheck answer={loaderData} />
    </div>
  );
}
