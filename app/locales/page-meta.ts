import type { MetaDescriptor } from "react-router";
import { localeOfPath } from "#core/locales.ts";
import { pageMeta } from "../lib/seo.ts";
import { type MessageId, translator } from "./i18n.ts";

/**
 * The meta of a page that belongs to one shopper or one visit (an account, a cart, a form): its
 * title and description in the page's language, and asked not to be indexed.
 */
export function privatePageMeta(title: MessageId, description: MessageId) {
  return ({ location }: { location: { pathname: string } }): MetaDescriptor[] => {
    const t = translator(localeOfPath(location.pathname));
    return pageMeta({ title: t(title), description: t(description), noindex: true });
  };
}
