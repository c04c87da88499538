import { Banknote, RotateCcw, Truck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { deliveryWindowText } from "#core/dates.ts";
import { isKnownVisitor } from "../../lib/known-visitor.ts";
import { inOwnTask } from "../../lib/own-task.ts";
import type { DeliveryAnswer } from "../../routes/delivery-promise.tsx";

/**
 * "Check delivery": a pincode, and the answer for it — when the parcel arrives, whether cash on
 * delivery and a return pickup are offered there. On a product page it asks /delivery after the
 * page has loaded (the page itself is the same for everyone), starting from the pincode checked
 * last; without JavaScript its form opens /delivery as a page.
 */
export function DeliveryCheck({ answer: given }: { answer?: DeliveryAnswer }) {
  const fetcher = useFetcher<DeliveryAnswer>();
  const answer = fetcher.data ?? given;
  const [pincode, setPincode] = useState(given?.pincode ?? "");
  const asked = useRef(false);
  const { load } = fetcher;
  useEffect(() => {
    if (given || asked.current || !isKnownVisitor()) return;
    return inOwnTask(() => {
      asked.current = true;
      void load("/delivery");
    });
  }, [given, load]);
  // The pincode remembered from last time fills the box once, unless the shopper has typed.
  const remembered = fetcher.data?.pincode ?? null;
  useEffect(() => {
    if (remembered) setPincode((typed) => typed || remembered);
  }, [remembered]);
  return (
    <section aria-labelledby="delivery-check" className="card flex flex-col gap-3 p-4 text-sm">
      <h2 id="delivery-check" className="font-semibold">
        Check delivery
      </h2>
      <fetcher.Form method="get" action="/delivery" className="flex gap-2">
        <label htmlFor="delivery-pincode" className="sr-only">
          Pincode
        </label>
        <input
          id="delivery-pincode"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter pincode"
          value={pincode}
          onChange={(event) => setPincode(event.currentTarget.value)}
          className="field"
        />
        <button type="submit" className="btn-outline shrink-0" disabled={fetcher.state !== "idle"}>
          Check
        </button>
      </fetcher.Form>
      <div aria-live="polite" data-testid="delivery-answer">
        {answer?.error ? <p className="font-medium text-red-700 dark:text-red-300">{answer.error}</p> : null}
        {answer?.promise ? <PromiseLines promise={answer.promise} /> : null}
      </div>
    </section>
  );
}

function PromiseLines({ promise }: { promise: NonNullable<DeliveryAnswer["promise"]> }) {
  if (!promise.deliverable) {
    return <p className="font-medium">We do not deliver to pincode {promise.pincode} yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-1.5">
      <li className="flex items-start gap-2">
        <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span data-testid="delivery-window" className="font-semibold text-green-800 dark:text-green-300">
            {deliveryWindowText(promise)}
          </span>
          {promise.place ? <span className="block text-zinc-600 dark:text-zinc-400"> to {promise.place}</span> : null}
        </span>
      </li>
      <li className="flex items-center gap-2">
        <Banknote aria-hidden="true" className="size-4 shrink-0" />
        {promise.cod ? "Cash on delivery available" : (promise.codNote ?? "Pay online only for this pincode")}
      </li>
      <li className="flex items-center gap-2">
        <RotateCcw aria-hidden="true" className="size-4 shrink-0" />
        {promise.returnPickup ? "Free return pickup" : "No return pickup here: returns go by post"}
      </li>
    </ul>
  );
}
