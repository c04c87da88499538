import { isStorefrontPage, LOCALES, localizedPath } from "#core/locales.ts";
import { publicOrigin } from "../.server/context.ts";
import type { Route } from "./+types/robots";

const PRIVATE_PATHS = [
  "/cart",
  "/wishlist",
  "/account",
  "/guest",
  "/login",
  "/signup",
  "/profile",
  "/profileform",
  "/order",
  "/orders/",
  "/forgot-password",
  "/reset-password/",
  "/verify-email/",
  "/dashboard",
  "/admin/",
  "/addproduct",
  "/updateproduct",
  "/search/",
];

export function loader({ context }: Route.LoaderArgs) {
  const origin = publicOrigin(context);
  const body = [
    "User-agent: *",
    // The same private pages in every language (decision record 47).
    ...PRIVATE_PATHS.flatMap((path) =>
      [...new Set(LOCALES.map((locale) => (isStorefrontPage(path) ? localizedPath(path, locale) : path)))].map(
        (localized) => `Disallow: ${localized}`,
      ),
    ),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
