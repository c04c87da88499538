/**
 * The Hindi pages' font from the shop's own file, for a device that has no Noto Sans Devanagari of
 * its own (decision record 48). The page's inline @font-face names only the device's copy, so a
 * phone that has it lays the page out once and fetches nothing. Elsewhere the file is asked for
 * after the page has loaded and painted, so that its 50 KB never shares a slow line with the largest
 * picture, and swapped in when it comes. Not awaited: the page is ready before the font is.
 */
export function devanagariFont(element: HTMLElement): void {
  const file = element.dataset.fontFile;
  if (file) void fetchUnlessOwnCopy(file);
}

async function fetchUnlessOwnCopy(file: string): Promise<void> {
  await loadedAndPainted();
  await document.fonts.ready;
  const declared = [...document.fonts].find((face) => face.family.replaceAll('"', "") === FAMILY);
  if (!declared || declared.status === "loaded") return;
  // The same face as declared, its unicode-range included, with the file as its source.
  const face = new FontFace(FAMILY, `url("${file}") format("woff2")`, {
    display: "swap",
    weight: declared.weight,
    unicodeRange: declared.unicodeRange,
  });
  document.fonts.add(face);
  await face.load().catch(() => undefined);
}

/**
 * After the page's load, its first paint and two frames more, by when its largest picture is on the
 * screen: a page served fast can load before it first paints, and the font would then come first.
 */
async function loadedAndPainted(): Promise<void> {
  if (document.readyState !== "complete") {
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  }
  // A browser that does not report paints (Safari before 14.1) waits for the frames alone.
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) await firstPaint();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));
}

function firstPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

const FAMILY = "Noto Sans Devanagari";
