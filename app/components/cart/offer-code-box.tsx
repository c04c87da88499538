import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CartOffers } from "#core/offers.ts";
import type { FormFailure } from "../../.server/action-results.ts";
import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

type Answer = { ok: true; message: string } | FormFailure;

const TONES = {
  applied: "text-green-800 dark:text-green-300",
  "not-used": "text-amber-800 dark:text-amber-300",
  refused: "text-red-700 dark:text-red-400",
} as const;

/**
 * The cart's offer code: a box to type one, or the code the cart keeps with how it stands (applied,
 * beaten by a better offer, or why it does not apply) and a way to take it off. A plain form post
 * that also works before JavaScript; a refusal is said under the box, where the code was typed.
 */
export function OfferCodeBox({ offers }: { offers: CartOffers }) {
  const fetcher = useFetcher<Answer>();
  const t = useT();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusal = answer && !answer.ok ? answer.message : null;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refusal) input.current?.focus();
  }, [refusal]);
  const kept = offers.code;
  return (
    <div
      className="flex flex-col gap-2 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800"
      data-testid="offer-code"
    >
      {kept ? <KeptCode kept={kept} fetcher={fetcher} /> : null}
      <fetcher.Form method="post" action="/cart" className="flex flex-col gap-1" noValidate>
        <input type="hidden" name="intent" value="apply-code" />
        <label htmlFor="offer-code" className="font-medium">
          {kept ? t("code.another") : t("code.label")}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id="offer-code"
            name="code"
            className="field min-w-0 flex-1 uppercase"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? "offer-code-error" : undefined}
          />
          <button type="submit" className="btn-outline shrink-0" disabled={fetcher.state !== "idle"}>
            {t("code.apply")}
          </button>
        </div>
        {refusal ? (
          <p id="offer-code-error" role="alert" className="text-red-700 dark:text-red-400">
            {serviceText(t, refusal)}
          </p>
        ) : null}
      </fetcher.Form>
    </div>
  );
}

/** The code the cart keeps, how it stands, and the way to take it off. */
function KeptCode({
  kept,
  fetcher,
}: {
  kept: NonNullable<CartOffers["code"]>;
  fetcher: ReturnType<typeof useFetcher<Answer>>;
}) {
  const t = useT();
  return (
    <fetcher.Form method="post" action="/cart" className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="remove-code" />
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">
          {t("code.code")}
          <span className="tracking-wide">{kept.code}</span>
        </p>
        <button
          type="submit"
          className="text-xs font-semibold underline"
          aria-label={t("code.removeLabel", { code: kept.code })}
        >
          {t("cart.remove")}
        </button>
      </div>
      <p className={TONES[kept.status]} role="status">
        {serviceText(t, kept.message)}
      </p>
    </fetcher.Form>
  );
}
