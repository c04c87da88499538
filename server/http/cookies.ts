import { type Cookie, createCookie } from "react-router";

const YEAR = 60 * 60 * 24 * 365;
const SESSION_DAYS = 30;

export type ShopCookies = {
  /** "light" or "dark"; read by the server so the first paint has the right colours. */
  theme: Cookie;
  /** A message that must survive a redirect; read once, then cleared. */
  toast: Cookie;
  /** The session's opaque id; the server keeps only its hash. */
  session: Cookie;
  /** A visitor's own random id, which keys a guest's cart and wishlist. */
  guest: Cookie;
};

const bySecret = new Map<string, ShopCookies>();

export function shopCookies(secret: string): ShopCookies {
  let cookies = bySecret.get(secret);
  if (!cookies) {
    cookies = {
      theme: createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR }),
      toast: createCookie("toast", { path: "/", sameSite: "lax", httpOnly: true, secrets: [secret], maxAge: 60 }),
      session: createCookie("sid", {
        path: "/",
        sameSite: "lax",
        httpOnly: true,
        secrets: [secret],
        maxAge: SESSION_DAYS * 24 * 60 * 60,
      }),
      guest: createCookie("guest", { path: "/", sameSite: "lax", httpOnly: true, secrets: [secret], maxAge: YEAR }),
    };
    bySecret.set(secret, cookies);
  }
  return cookies;
}
