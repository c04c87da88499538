import { z } from "zod";
import { CUSTOMER_CANCEL_REASON_CODES } from "#core/cancel-reasons.ts";

/** The confirmation page's two buttons: Confirm, or Cancel with the buyer's reason. */
export const confirmationAnswerSchema = z.discriminatedUnion("answer", [
  z.object({ answer: z.literal("confirm") }),
  z.object({
    answer: z.literal("cancel"),
    reason: z.enum(CUSTOMER_CANCEL_REASON_CODES as [string, ...string[]], {
      error: "Please choose why you are cancelling.",
    }),
  }),
]);
export type ConfirmationAnswerInput = z.input<typeof confirmationAnswerSchema>;
