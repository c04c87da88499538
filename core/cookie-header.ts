/**
 * Reading a Cookie header (or `document.cookie`, which has the same shape) without parsing it
 * whole: the server's shared pages and the page's own scripts each look for one cookie by name.
 */

/** The pair `name=value` of the cookie `name`, as the header carries it, if it is there. */
export function cookiePair(cookies: string, name: string): string | undefined {
  return cookies
    .split(";")
    .map((pair) => pair.trimStart())
    .find((pair) => pair.startsWith(`${name}=`));
}

/** Whether the header holds the cookie `name`. */
export function holdsCookie(cookies: string, name: string): boolean {
  return cookiePair(cookies, name) !== undefined;
}
