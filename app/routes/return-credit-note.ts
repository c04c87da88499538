import { AppError } from "#server/errors.ts";
import { returnCreditNoteFile } from "#server/returns/returns.service.ts";
import { appServices } from "../.server/context.ts";
import { adminOrLogin, signedInOrLogin } from "../.server/guards.ts";
import { actorOf } from "../.server/session.ts";
import type { Route } from "./+types/return-credit-note";

/**
 * A return's credit note as a PDF, for whoever may see its order: the customer at
 * /order/KS-…/returns/7/credit-note, a guest under the order's secret link, the administrator under
 * /admin/returns/7/credit-note; anyone else is told it does not exist.
 */
export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const raw = String(params.returnId ?? "");
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new AppError("not-found", "There is no such credit note.");
  const returnId = Number(raw);
  const { db, config } = appServices(context);
  const signing = config.documentSigning;
  const file = params.token
    ? await returnCreditNoteFile(db, signing, actorOf(context), { accessToken: params.token }, returnId)
    : params.number
      ? await returnCreditNoteFile(
          db,
          signing,
          signedInOrLogin({ context, url }),
          { orderNumber: params.number },
          returnId,
        )
      : await returnCreditNoteFile(
          db,
          signing,
          adminOrLogin({ context, url, request }),
          { returnIdForAdmin: true },
          returnId,
        );
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
