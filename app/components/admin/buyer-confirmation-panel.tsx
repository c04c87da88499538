import { Form } from "react-router";
import type { ConfirmationState } from "#server/cod-confirmation/cod-confirmation.service.ts";
import { Notice } from "../ui/notice.tsx";
import { IntentSubmit } from "../ui/submit-button.tsx";

/**
 * A large cash order waiting for its buyer's confirmation: it cannot ship until they confirm by the
 * link they were sent, or the administrator records that they confirmed by phone. After 48 hours
 * without an answer it says so: call the buyer (it is never cancelled by itself).
 */
export function BuyerConfirmationPanel({
  state,
  recordable = true,
}: {
  state: ConfirmationState | null;
  /** Whether to offer recording the buyer's word here (not when the page's own Confirm does it). */
  recordable?: boolean;
}) {
  if (state !== "awaiting" && state !== "overdue") return null;
  return (
    <div className="mt-3 flex flex-col gap-3" data-testid="buyer-confirmation-panel">
      <Notice tone={state === "overdue" ? "error" : "info"}>
        {state === "overdue"
          ? "Awaiting buyer's confirmation for more than 48 hours: call the buyer, then record their answer or cancel the order."
          : "Awaiting buyer's confirmation: the buyer was sent a link by SMS to confirm this cash-on-delivery order. It cannot ship before they do."}
      </Notice>
      {recordable ? (
        <Form method="post">
          <IntentSubmit
            intent="buyer-confirmed"
            label="The buyer confirmed by phone"
            pendingLabel="Recording…"
            className="btn-outline"
          />
        </Form>
      ) : null}
    </div>
  );
}
