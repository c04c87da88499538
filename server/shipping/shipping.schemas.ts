import { z } from "zod";
import { addressField, idField, mobileField } from "../validation/fields.ts";

/*
 * What the shipping screens send: which orders (a back office's selection), and what should happen
 * to a parcel after a failed delivery attempt (record 43).
 */

/** The orders an action is for, as a form sends them (`orderId` once or more) or a service is given them. */
export const orderIdsSchema = z.object({
  orderId: z
    .union([idField("Which order? The order number is not valid."), z.array(idField("Which order?"))])
    .transform((value) => (Array.isArray(value) ? value : [value])),
});

/** The buyer's (or the administrator's) answer to a failed delivery attempt. */
export const ndrChoiceSchema = z
  .object({
    choice: z.enum(["deliver-again", "change-details", "cancel"], {
      error: "Choose what should happen to the parcel.",
    }),
    deliverOn: z.string().trim().default(""),
    address: z
      .union([z.literal(""), addressField.pipe(z.string().min(10, "Please enter the full address."))])
      .default(""),
    phone: z.union([z.literal(""), mobileField]).default(""),
  })
  .superRefine((input, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (input.choice === "deliver-again" && !input.deliverOn) missing("deliverOn", "Please choose a day.");
    if (input.choice === "change-details" && !input.address && !input.phone) {
      missing("address", "Please enter the new address or phone number.");
    }
  });
export type NdrChoiceInput = { choice: string; deliverOn?: string; address?: string; phone?: string };
export type NdrChoice = z.output<typeof ndrChoiceSchema>;
