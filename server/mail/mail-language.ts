import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";

/**
 * A mail's language as its payload carries it (record 47): left out for English, the default and
 * the language of every mail queued before languages; the locale otherwise.
 */
export function languageField(locale: Locale): { locale?: Locale } {
  return locale === DEFAULT_LOCALE ? {} : { locale };
}
