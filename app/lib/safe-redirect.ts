const SHOP = "http://shop.invalid";

/**
 * The one judge of every redirect target taken from a request (after login or signup, the theme
 * switch, "back to" fields): the target is kept only when, resolved against the shop's own origin,
 * it stays on that origin and still reads as a path of it; anything else becomes the fallback.
 *
 * Browsers drop tabs and newlines inside URLs and read "\" as "/", and a path that resolves to
 * "//host" ("/.//evil", "/%2e//evil") is read as another host: all of those are refused.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SHOP);
  } catch {
    return fallback;
  }
  const target = url.pathname + url.search + url.hash;
  if (url.origin !== SHOP || !target.startsWith("/") || target.startsWith("//")) return fallback;
  return target;
}
