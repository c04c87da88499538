import type { RouterContextProvider } from "react-router";
import { checkDelivery, type DeliveryPromise } from "#server/delivery/delivery.service.ts";
import { readCookie, shopCookies } from "#server/http/cookies.ts";
import { refusalOf } from "#server/http/service-errors.ts";
import { appServices, cookieSecurity } from "./context.ts";
import { actorOf } from "./session.ts";

export type DeliveryAnswer = { pincode: string | null; promise: DeliveryPromise | null; error: string | null };

/**
 * When a parcel to the pincode asked (else the one remembered) would arrive, and whether cash on
 * delivery and a return pickup are offered there; a pincode asked is remembered (a cookie, and on
 * the account). For the /delivery page and the product page's box (its island's /frame/delivery).
 */
export async function answerDelivery(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ answer: DeliveryAnswer; status: number; headers: Headers }> {
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
    return { answer: { pincode: promise?.pincode ?? null, promise, error: null }, status: 200, headers };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const answer = { pincode: (asked ?? "").slice(0, 12), promise: null, error: refusal.message };
    return { answer, status: refusal.status, headers };
  }
}
