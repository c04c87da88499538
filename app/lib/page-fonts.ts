/**
 * Hindi pages draw Devanagari in the device's own font until the page has loaded, then in the
 * shop's Noto Sans Devanagari (decision record 47, as amended): fetched any earlier, its 50 KB
 * shared a slow line with the page's largest picture and delayed it. Most phones in India carry
 * Noto Sans Devanagari already, and the font's `local()` source then fetches nothing at all.
 */
export function shopFontsAfterLoad() {
  // After the paint that follows the load: the largest picture is drawn by then, not only fetched.
  const apply = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.documentElement.dataset.fonts = "shop";
      }),
    );
  if (document.readyState === "complete") apply();
  else addEventListener("load", apply, { once: true });
}
