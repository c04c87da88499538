import type { RouterContextProvider } from "react-router";
import type { PaperDeps } from "#server/shipping/parcel-paper.service.ts";
import { appServices } from "../../.server/context.ts";

/** What printing needs of the shop: its database, its courier, and who and where it is. */
export function paperDeps(context: Readonly<RouterContextProvider>): PaperDeps {
  const { db, carrier, config } = appServices(context);
  return { db, carrier, shop: { seller: config.seller, publicUrl: config.publicUrl, returnDays: config.returnDays } };
}

export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
