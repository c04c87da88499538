import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#core/locales.ts";
import { loadCatalogue } from "./locales/i18n.ts";

// Hydration starts in a task of its own, after the one that evaluated the page's modules: on a
// phone each is a long task of its own, and together they held the main thread twice as long
// (decision record 18, §22).
// The page's language's messages come first (an English page has them in the bundle already).
const lang = document.documentElement.lang;
const catalogue = loadCatalogue(isLocale(lang) ? lang : DEFAULT_LOCALE);
setTimeout(async () => {
  await catalogue;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
