import { RETURN_DOCUMENT_KINDS, returnDocumentFile } from "#server/returns/return-documents.ts";
import { idFromPath, notFound } from "../.server/address.ts";
import { appServices } from "../.server/context.ts";
import { adminOrLogin, signedInOrLogin } from "../.server/guards.ts";
import { actorOf } from "../.server/session.ts";
import type { Route } from "./+types/return-document";

const NO_DOCUMENT = "There is no such document.";

/**
 * A return's credit note, or an exchange's replacement invoice, as a PDF, for whoever may see its
 * order: the customer at /order/KS-…/returns/7/credit-note (or …/invoice), a guest under the order's
 * secret link, the administrator under /admin/returns/7/…; anyone else is told it does not exist.
 */
export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const kind = RETURN_DOCUMENT_KINDS.find((known) => known === params.document) ?? notFound(NO_DOCUMENT);
  const returnId = idFromPath(params.returnId, NO_DOCUMENT);
  const { db, config } = appServices(context);
  const signing = config.documentSigning;
  const file = params.token
    ? await returnDocumentFile(db, signing, actorOf(context), { accessToken: params.token }, returnId, kind)
    : params.number
      ? await returnDocumentFile(
          db,
          signing,
          signedInOrLogin({ context, url }),
          { orderNumber: params.number },
          returnId,
          kind,
        )
      : await returnDocumentFile(
          db,
          signing,
          adminOrLogin({ context, url, request }),
          { returnIdForAdmin: true },
          returnId,
          kind,
        );
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
