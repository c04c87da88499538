import { sizeStickerSheet } from "#server/shipping/size-stickers.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/size-sticker-sheet";

/** A product's size stickers as a PDF to print on A4 label sheets. */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const sheet = await sizeStickerSheet(db, actor, idFromPath(params.productId, "This product could not be found."));
  return new Response(new Uint8Array(sheet.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="stickers-${sheet.handle}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
