import { lookUpPincode } from "#server/delivery/pincodes.service.ts";
import { refusalOf } from "#server/http/service-errors.ts";
import type { Route } from "./+types/pincode";

/**
 * GET /pincode/:pincode — the district and state of a pincode, as JSON, for address forms to fill
 * in City and State/UT. The same for everyone and for a long time, so browsers and proxies keep it.
 */
export function loader({ params }: Route.LoaderArgs) {
  try {
    return Response.json(lookUpPincode(params.pincode), {
      headers: { "Cache-Control": "public, max-age=86400" },
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return Response.json({ message: refusal.message }, { status: refusal.status });
  }
}
