import { Banknote, RotateCcw, Truck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { deliveryWindowText } from "#core/dates.ts";
import type { DeliveryAnswer } from "../../.server/delivery-answer.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

/**
 * "Check delivery": a pincode, and the answer for it — when the parcel arrives, whether cash on
 * delivery and a return pickup are offered there. On the product page (HTML-first) its island
 * (app/islands/delivery-check.island.ts) asks the shop after the page has loaded (the page itself is
 * the same for everyone), starting from the pincode checked last; on /delivery it is the page's own.
 * Without JavaScript its form opens /delivery as a page.
 */
export function DeliveryCheck({ answer: given }: { answer?: DeliveryAnswer }) {
  const fetcher = useFetcher<DeliveryAnswer>();
  const answer = fetcher.data ?? given;
  const [pincode, setPincode] = useState(given?.pincode ?? "");
  const t = useT();
  return (
    <section
      aria-labelledby="delivery-check"
      className="card flex flex-col gap-3 p-4 text-sm"
      data-island={given ? undefined : "delivery-check"}
    >
      <h2 id="delivery-check" className="font-semibold">
        {t("delivery.check")}
      </h2>
      <fetcher.Form method="get" action="/delivery" className="flex gap-2">
        <label htmlFor="delivery-pincode" className="sr-only">
          {t("delivery.pincode")}
        </label>
        <input
          id="delivery-pincode"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t("delivery.enterPincode")}
          value={pincode}
          onChange={(event) => setPincode(event.currentTarget.value)}
          className="field"
        />
        <button type="submit" className="btn-outline shrink-0" disabled={fetcher.state !== "idle"}>
          {t("delivery.checkButton")}
        </button>
      </fetcher.Form>
      <div aria-live="polite" data-testid="delivery-answer">
        {answer ? <DeliveryAnswerLines answer={answer} /> : null}
      </div>
    </section>
  );
}

/** The answer: what was wrong with the pincode, or the promise for it. */
export function DeliveryAnswerLines({ answer }: { answer: DeliveryAnswer }) {
  const t = useT();
  return (
    <>
      {answer.error ? (
        <p className="font-medium text-red-700 dark:text-red-300">{serviceText(t, answer.error)}</p>
      ) : null}
      {answer.promise ? <PromiseLines promise={answer.promise} /> : null}
    </>
  );
}

function PromiseLines({ promise }: { promise: NonNullable<DeliveryAnswer["promise"]> }) {
  const t = useT();
  const locale = useLocale();
  if (!promise.deliverable) {
    return <p className="font-medium">{t("delivery.notDelivered", { pincode: promise.pincode })}</p>;
  }
  return (
    <ul className="flex flex-col gap-1.5">
      <li className="flex items-start gap-2">
        <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span data-testid="delivery-window" className="font-semibold text-green-800 dark:text-green-300">
            {deliveryWindowText(promise, locale)}
          </span>
          {promise.place ? (
            <span className="block text-zinc-600 dark:text-zinc-400">
              {" "}
              {t("delivery.to", { place: promise.place })}
            </span>
          ) : null}
        </span>
      </li>
      <li className="flex items-center gap-2">
        <Banknote aria-hidden="true" className="size-4 shrink-0" />
        {promise.cod ? t("delivery.cod") : promise.codNote ? serviceText(t, promise.codNote) : t("delivery.onlineOnly")}
      </li>
      <li className="flex items-center gap-2">
        <RotateCcw aria-hidden="true" className="size-4 shrink-0" />
        {promise.returnPickup ? t("delivery.returnPickup") : t("delivery.noReturnPickup")}
      </li>
    </ul>
  );
}
