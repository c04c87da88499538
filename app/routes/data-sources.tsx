import { localeOfPath } from "#core/locales.ts";
import { pageMeta } from "../lib/seo.ts";
import { translator, useT } from "../locales/i18n.ts";
import type { Route } from "./+types/data-sources";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta({ title: t("sources.title"), description: t("sources.description") });
};

/** The open data the shop relies on, each with the attribution its licence requires. */
export default function DataSources() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{t("sources.title")}</h1>
      <section aria-labelledby="pincodes" className="mt-8 space-y-3 leading-relaxed text-zinc-700 dark:text-zinc-300">
        <h2 id="pincodes" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          {t("sources.pincodes")}
        </h2>
        <p>
          {t("sources.pincodesFrom")}{" "}
          <a className="underline" href="https://www.geonames.org/" rel="noopener noreferrer">
            GeoNames
          </a>
          {t("sources.usedUnder")}{" "}
          <a className="underline" href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
            {t("sources.licence")}
          </a>
          {t("sources.corrected")}
        </p>
      </section>
    </div>
  );
}
