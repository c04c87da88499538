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

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
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
