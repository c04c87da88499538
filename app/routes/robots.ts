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
  "/dashboard",
  "/admin/",
  "/addproduct",
  "/updateproduct",
];

export function loader({ url }: Route.LoaderArgs) {
  const origin = url.origin;
  const body = [
    "User-agent: *",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
