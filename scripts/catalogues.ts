/**
 * `npm run i18n:status`: for each language's message catalogues (the storefront's in app/locales, the
 * order mails' in server/mail/templates/mail-words.ts), how many messages there are, how many are
 * translated, and the ids still missing or still in English (record 47). With `-- --new <locale>`,
 * prints a new catalogue to start a language from: every id with its English text, to translate.
 */
import { messages as english } from "../app/locales/en-IN.ts";
import { messages as hindi } from "../app/locales/hi-IN.ts";
import { MAIL_WORDS } from "../server/mail/templates/mail-words.ts";

const STOREFRONT: Record<string, Readonly<Record<string, string>>> = { "hi-IN": hindi };

function report(name: string, source: Readonly<Record<string, string>>, catalogue: Readonly<Record<string, string>>) {
  const ids = Object.keys(source);
  const missing = ids.filter((id) => !catalogue[id]?.trim());
  const inEnglish = ids.filter((id) => catalogue[id] === source[id]);
  const translated = ids.length - missing.length - inEnglish.length;
  console.log(`${name}: ${translated} of ${ids.length} messages translated`);
  for (const id of missing) console.log(`  missing: ${id}`);
  for (const id of inEnglish) console.log(`  still in English: ${id}`);
}

const newAt = process.argv.indexOf("--new");
if (newAt > 0) {
  const locale = process.argv[newAt + 1] ?? "xx-IN";
  console.log(`import type { Catalogue } from "./i18n.ts";\n\n/* The storefront's messages in ${locale}. */`);
  console.log("export const messages: Catalogue = {");
  for (const [id, text] of Object.entries(english)) console.log(`  ${JSON.stringify(id)}: ${JSON.stringify(text)},`);
  console.log("};");
} else {
  for (const [locale, catalogue] of Object.entries(STOREFRONT)) report(`storefront ${locale}`, english, catalogue);
  for (const [locale, words] of Object.entries(MAIL_WORDS)) {
    if (locale !== "en-IN") report(`order mails ${locale}`, MAIL_WORDS["en-IN"], words);
  }
}
