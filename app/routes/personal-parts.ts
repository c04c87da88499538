import { fragmentResponse } from "../.server/fragment.tsx";
import { loadPersonalFrame, readTheme } from "../.server/frame.ts";
import { renderPersonalParts } from "../.server/personal-parts-render.tsx";
import { takeToast } from "../.server/toasts.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import type { Route } from "./+types/personal-parts";

/**
 * The shopper's own header and queued toast for an HTML-first page (`?page=` its path), which the
 * page asks for once it is up and after each form its islands send. Personal: never kept (pages.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = safeRedirectPath(new URL(request.url).searchParams.get("page"), "/");
  const [{ toast, headers }, personal, theme] = await Promise.all([
    takeToast(context, request),
    loadPersonalFrame(context),
    readTheme(request, context),
  ]);
  return fragmentResponse(await renderPersonalParts(page, { ...personal, theme, toast }), headers);
}
