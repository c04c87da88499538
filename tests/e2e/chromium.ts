import { existsSync } from "node:fs";

/**
 * Debian's Chromium, or the one CHROMIUM_PATH names. Never a downloaded browser. Journeys prefer
 * Debian's headless shell (package chromium-headless-shell): the same Blink without the desktop
 * browser around it, so each page costs the machine less. Lighthouse wants the whole browser.
 */
export function findChromium(options: { whole?: boolean } = {}): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(options.whole ? [] : ["/usr/bin/chromium-headless-shell"]),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
