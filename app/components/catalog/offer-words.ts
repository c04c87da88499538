import { COLLECTIONS } from "#core/collections.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/locales.ts";
import { collectionTitle } from "../../locales/collection-names.ts";
import type { Translate } from "../../locales/i18n.ts";

/*
 * An offer's description in the page's language. The rooms describe an offer in English
 * (core/offers.ts describeOffer: "10 % off (up to ₹500) on Ethnic on ₹1,999 or more; first order
 * only"), which is read back here part by part, from the end: "; first order only", "on … or
 * more", then the action and what it applies to. A description that does not read as one of these
 * is shown as it came.
 */
const FIRST_ORDER = "; first order only";
const MINIMUM = / on (₹[^\s]+) or more$/;
const AMOUNT = "(₹[^\\s)]+)";

function actionText(t: Translate, text: string): { said: string; rest: string } | null {
  const forms: [RegExp, (found: RegExpExecArray) => string][] = [
    [
      new RegExp(`^(\\d+) % off \\(up to ${AMOUNT}\\)`),
      (f) => t("offerWords.percentCap", { percent: f[1] ?? "", cap: f[2] ?? "" }),
    ],
    [/^(\d+) % off/, (f) => t("offerWords.percent", { percent: f[1] ?? "" })],
    [new RegExp(`^${AMOUNT} off`), (f) => t("offerWords.fixed", { amount: f[1] ?? "" })],
    [/^Free shipping/, () => t("offerWords.freeShipping")],
    [/^Buy (\d+), get (\d+) free/, (f) => t("offerWords.buyGetFree", { buy: f[1] ?? "", get: f[2] ?? "" })],
    [
      /^Buy (\d+), get (\d+) at (\d+) % off/,
      (f) => t("offerWords.buyGetOff", { buy: f[1] ?? "", get: f[2] ?? "", percent: f[3] ?? "" }),
    ],
  ];
  for (const [pattern, say] of forms) {
    const found = pattern.exec(text);
    if (found) return { said: say(found), rest: text.slice(found[0].length) };
  }
  return null;
}

/** "Ethnic and Pakistani Suits", "2 chosen pieces": each collection by its name in the page's language. */
function scopeText(t: Translate, text: string): string | null {
  const names = text.split(/, | and /).map((name) => {
    const chosen = /^(\d+) chosen pieces?$/.exec(name);
    if (chosen)
      return chosen[1] === "1" ? t("offerWords.chosenPiece") : t("offerWords.chosenPieces", { count: chosen[1] ?? "" });
    const collection = COLLECTIONS.find((entry) => entry.title === name);
    return collection ? collectionTitle(t, collection) : null;
  });
  if (names.some((name) => name === null)) return null;
  const said = names as string[];
  return said.length === 1
    ? (said[0] ?? null)
    : t("offerWords.and", { first: said.slice(0, -1).join(", "), last: said.at(-1) ?? "" });
}

export function offerDescriptionText(t: Translate, locale: Locale, description: string): string {
  if (locale === DEFAULT_LOCALE) return description;
  let text = description;
  const firstOrder = text.endsWith(FIRST_ORDER);
  if (firstOrder) text = text.slice(0, -FIRST_ORDER.length);
  const minimum = MINIMUM.exec(text);
  if (minimum) text = text.slice(0, minimum.index);
  const action = actionText(t, text);
  if (!action) return description;
  let said = action.said;
  if (action.rest) {
    if (!action.rest.startsWith(" on ")) return description;
    const scope = scopeText(t, action.rest.slice(" on ".length));
    if (scope === null) return description;
    said = t("offerWords.onScope", { action: said, scope });
  }
  if (minimum) said = t("offerWords.onMinimum", { offer: said, amount: minimum[1] ?? "" });
  return firstOrder ? t("offerWords.firstOrder", { offer: said }) : said;
}
