import { type ChartKind, type Fit, fitVerdict, type SizeFit, sizeLabel } from "#core/size-charts.ts";
import type { MessageId, Translate } from "../../locales/i18n.ts";

/** "Runs small", "True to size", "Runs large" in the page's language (core/size-charts.ts FIT_WORDS). */
export const FIT_IDS: Record<Fit, MessageId> = { small: "fit.small", true: "fit.true", large: "fit.large" };

const LINE_IDS: Record<Fit, MessageId> = { small: "fit.lineSmall", true: "fit.lineTrue", large: "fit.lineLarge" };

/** "Size M runs small: 62 % of 40 buyers", in the page's language (core/size-charts.ts fitLine). */
export function fitText(t: Translate, fit: SizeFit, kind: ChartKind = "clothing"): string {
  const verdict = fitVerdict(fit);
  const buyers = verdict.total === 1 ? t("fit.buyer") : t("fit.buyers", { count: verdict.total });
  return t(LINE_IDS[verdict.fit], { size: sizeLabel(fit.size, kind), percent: verdict.percent, buyers });
}
