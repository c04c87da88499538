import { useEffect } from "react";
import { useFetcher } from "react-router";
import { deliveryWindowText } from "#core/dates.ts";
import { isPincode } from "#core/delivery-address.ts";
import type { DeliveryAnswer } from "../../.server/delivery-answer.ts";
import { inOwnTask } from "../../lib/own-task.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

/**
 * Under the checkout's pincode: the promise the order will be given there, or why it cannot be
 * (the server refuses the order all the same), asked of /delivery once the pincode is complete.
 */
export function DeliveryNote({ pincode }: { pincode: string }) {
  const { load, data } = useFetcher<DeliveryAnswer>();
  const t = useT();
  const locale = useLocale();
  const complete = isPincode(pincode);
  useEffect(() => {
    if (complete) return inOwnTask(() => void load(`/delivery?pincode=${pincode}`));
  }, [complete, pincode, load]);
  if (!complete || !data || data.pincode !== pincode) return null;
  const { promise } = data;
  const text = !promise
    ? null
    : !promise.deliverable
      ? t("delivery.notDelivered", { pincode })
      : `${deliveryWindowText(promise, locale)}.${promise.cod ? "" : ` ${promise.codNote ? serviceText(t, promise.codNote) : t("note.noCod")}`}`;
  if (!text) return null;
  return (
    <p className="-mt-2 text-sm font-medium text-green-800 dark:text-green-300" data-testid="checkout-promise">
      {text}
    </p>
  );
}
