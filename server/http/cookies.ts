import { type Cookie, type CookieOptions, createCookie } from "react-router";
import { VISITOR_MARK } from "#core/visitor-mark.ts";

const YEAR = 60 * 60 * 24 * 365;
const SESSION_DAYS = 30;

const SESSION = "sid";
const HOST_SESSION = "__Host-sid";
const GUEST = "guest";
const PINCODE = "pincode";

/**
 * The cookies that make a page's header or answers the visitor's own: the session, a guest's cart
 * and wishlist, the pincode last checked. A page from the shared cache ignores them, and a browser
 * that has one gets the visitor mark (core/visitor-mark.ts).
 */
export const PERSONAL_COOKIES: readonly string[] = [SESSION, HOST_SESSION, GUEST, PINCODE];

/** The visitor mark's Set-Cookie: readable by the page's scripts (not HttpOnly), and holding nothing. */
export function visitorMarkCookie(secure: boolean): string {
  return `${VISITOR_MARK}=1; Max-Age=${YEAR}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export type ShopCookies = {
  /** "light" or "dark"; read by the server so the first paint has the right colours. */
  theme: Cookie;
  /** A message that must survive a redirect; read once, then cleared. */
  toast: Cookie;
  /**
   * The session's opaque id; the server keeps only its hash. Over HTTPS it is `__Host-sid`: the
   * browser then insists on Secure, Path=/ and no Domain, so no subdomain can plant or read it.
   */
  session: (secure: boolean) => Cookie;
  /** A visitor's own random id, which keys a guest's cart and wishlist. */
  guest: Cookie;
  /** The pincode last checked for delivery, so the product pages answer for it again. */
  pincode: Cookie;
};

const bySecret = new Map<string, ShopCookies>();

export function shopCookies(secret: string): ShopCookies {
  let cookies = bySecret.get(secret);
  if (!cookies) {
    cookies = {
      theme: createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR }),
      toast: createCookie("toast", { path: "/", sameSite: "lax", httpOnly: true, secrets: [secret], maxAge: 60 }),
      session: sessionCookies(secret),
      guest: createCookie(GUEST, { path: "/", sameSite: "lax", httpOnly: true, secrets: [secret], maxAge: YEAR }),
      pincode: createCookie(PINCODE, { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR }),
    };
    bySecret.set(secret, cookies);
  }
  return cookies;
}

function sessionCookies(secret: string): (secure: boolean) => Cookie {
  const options: CookieOptions = {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secrets: [secret],
    maxAge: SESSION_DAYS * 86_400,
  };
  const plain = createCookie(SESSION, options);
  const hostOnly = createCookie(HOST_SESSION, { ...options, secure: true });
  return (secure) => (secure ? hostOnly : plain);
}

/** A cookie's value from a Cookie header: a short, non-empty string, or null for anything else. */
export async function readCookie(cookie: Cookie, header: string | null | undefined): Promise<string | null> {
  const value: unknown = await cookie.parse(header ?? null);
  return typeof value === "string" && value.length > 0 && value.length < 200 ? value : null;
}
