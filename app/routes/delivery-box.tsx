import { answerDelivery } from "../.server/delivery-answer.ts";
import { fragmentResponse, pageInAskedLanguage, renderFragment } from "../.server/fragment.tsx";
import { DeliveryAnswerLines } from "../components/catalog/delivery-check.tsx";
import type { Route } from "./+types/delivery-box";

/**
 * GET /frame/delivery?pincode=560034&lang=hi-IN — the product page's delivery box's answer (an
 * island, record 48), as HTML in the page's language: for the pincode asked, else the one
 * remembered; the pincode it is for rides on the answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A refused pincode is an answer too (what was wrong with it), shown in the box.
  const { answer, headers } = await answerDelivery(request, context);
  const html = await renderFragment(
    pageInAskedLanguage(request),
    () => (
      <div data-pincode={answer.pincode ?? ""}>
        <DeliveryAnswerLines answer={answer} />
      </div>
    ),
    "delivery-",
  );
  return fragmentResponse(html, headers);
}
