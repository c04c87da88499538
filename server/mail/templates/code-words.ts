import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";

/** Every language of the shop but English: those a vocabulary of codes has a table for. */
export type OtherLocale = Exclude<Locale, "en-IN">;

/**
 * A code's words (a cancellation's reason, a return's step…) in a mail's language: English comes
 * from core, where the code is defined; each other language from its table, typed by the codes, so
 * a language without a table or a code without words fails the type-check.
 */
export function codeWords<Code extends string>(
  locale: Locale | undefined,
  tables: Record<OtherLocale, Record<Code, string>>,
  code: Code,
  english: string,
): string {
  if (!locale || locale === DEFAULT_LOCALE) return english;
  return tables[locale as OtherLocale][code] ?? english;
}
