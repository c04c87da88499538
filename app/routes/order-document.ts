import { DOCUMENT_KINDS, type DocumentKind } from "#server/invoices/invoices.service.ts";
import { adminDocument, customerDocument, guestDocument } from "#server/orders/order-documents.service.ts";
import { idFromPath, notFound } from "../.server/address.ts";
import { appServices } from "../.server/context.ts";
import { adminOrLogin, signedInOrLogin } from "../.server/guards.ts";
import type { Route } from "./+types/order-document";

/**
 * An order's tax invoice or credit note as a PDF, for whoever may see the order: the customer at
 * /order/KS-…/invoice, a guest under the order's secret link, the administrator under
 * /admin/orders/…; anyone else is told it does not exist.
 */
export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const kind = DOCUMENT_KINDS.find((known) => known === params.document);
  if (!kind) notFound("There is no such document.");
  const { db, config } = appServices(context);
  const file = await fileFor(params, kind, { db, signing: config.documentSigning, context, url, request });
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

type Services = ReturnType<typeof appServices>;
type Guard = Pick<Route.LoaderArgs, "context" | "url" | "request"> & {
  db: Services["db"];
  signing: Services["config"]["documentSigning"];
};

function fileFor(params: Route.LoaderArgs["params"], kind: DocumentKind, { db, signing, ...guard }: Guard) {
  if ("token" in params && params.token) return guestDocument(db, signing, params.token, kind);
  if ("orderId" in params && params.orderId) {
    const orderId = idFromPath(params.orderId, "This order could not be found.");
    return adminDocument(db, signing, adminOrLogin(guard), orderId, kind);
  }
  return customerDocument(db, signing, signedInOrLogin(guard), String(params.number ?? ""), kind);
}
