import { localeOfPath } from "#core/locales.ts";
import { pageMeta } from "../lib/seo.ts";
import { translator, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/how-reviews-work";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta({ title: t("how.title"), description: t("how.description"), path: location.pathname });
};

/**
 * The criteria for collecting, moderating and publishing reviews, written where shoppers can read
 * them (IS 19000:2022 asks the review administrator to publish them).
 */
export default function HowReviewsWork() {
  const t = useT();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-10 leading-relaxed">
      <h1 className="font-display text-3xl font-semibold">{t("how.title")}</h1>
      <section className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold">{t("how.whoHeading")}</h2>
        <p>{t("how.who1")}</p>
        <p>{t("how.who2")}</p>
      </section>
      <HowAReviewIsRead />
      <WhatAProductPageShows />
    </article>
  );
}

/** Every review is read by a person, published as written, and rejected only for these reasons. */
function HowAReviewIsRead() {
  const t = useT();
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">{t("how.readHeading")}</h2>
      <p>{t("how.read1")}</p>
      <p>{t("how.read2")}</p>
      <ul className="list-disc pl-6">
        <li>{t("how.rule1")}</li>
        <li>{t("how.rule2")}</li>
        <li>{t("how.rule3")}</li>
        <li>{t("how.rule4")}</li>
      </ul>
      <p>{t("how.read3")}</p>
    </section>
  );
}

/** Every published review counts, negative ones too, and how they are ordered. */
function WhatAProductPageShows() {
  const t = useT();
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold">{t("how.pageHeading")}</h2>
      <p>{t("how.page1")}</p>
      <p>
        {t("how.page2")}{" "}
        <Link to="/" className="underline underline-offset-4">
          {t("how.shop")}
        </Link>
        {t("how.page3")}
      </p>
    </section>
  );
}
