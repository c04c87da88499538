import { useLocation } from "react-router";
import { LANGUAGE_NAME, type Locale, switchLocale } from "#core/locales.ts";
import { useLocale } from "../../locales/i18n.ts";

/**
 * "हिन्दी" on an English page, "English" on a Hindi one: the same page in the other language. A whole
 * document load, so the other language's messages and font come with it; a signed-in shopper's
 * account remembers the language of the pages they open (the frame's loader).
 */
export function LanguageSwitch({ className }: { className: string }) {
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const other: Locale = locale === "hi-IN" ? "en-IN" : "hi-IN";
  return (
    <a href={switchLocale(`${pathname}${search}`, other)} hrefLang={other} lang={other} className={className}>
      {LANGUAGE_NAME[other]}
    </a>
  );
}
