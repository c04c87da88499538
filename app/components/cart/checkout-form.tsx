import { Form, useNavigation } from "react-router";
import { FormError } from "../ui/form-error.tsx";
import { TextField } from "../ui/text-field.tsx";

export type CheckoutValues = { name?: string; email?: string; address?: string; pincode?: string; phone?: string };

type CheckoutFormProps = {
  action: string;
  guest: boolean;
  idempotencyKey: string;
  redeemPoints: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** What was typed before a failed attempt (or the profile's details), so nothing is typed twice. */
  values: CheckoutValues;
};

/**
 * Full Name, Full Address, Pincode and Mobile Number (and an e-mail for guests). A real form post,
 * so it works before JavaScript has loaded; the key makes a double submit place one order.
 */
export function CheckoutForm({
  action,
  guest,
  idempotencyKey,
  redeemPoints,
  error,
  fieldErrors = {},
  values,
}: CheckoutFormProps) {
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {redeemPoints ? <input type="hidden" name="redeemPoints" value="1" /> : null}
      <FormError message={error} />
      <TextField
        name="name"
        label="Full Name"
        autoComplete="name"
        required
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      {guest ? (
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          hint="So that we can reach you about this order."
          error={fieldErrors.email}
        />
      ) : null}
      <div>
        <label htmlFor="field-address" className="label">
          Full Address
        </label>
        <textarea
          id="field-address"
          name="address"
          rows={3}
          required
          autoComplete="street-address"
          defaultValue={values.address}
          className="field"
          aria-invalid={fieldErrors.address ? true : undefined}
        />
        {fieldErrors.address ? (
          <p className="mt-1 text-sm text-red-600 dark:text-red-400">{fieldErrors.address}</p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="pincode"
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          required
          defaultValue={values.pincode}
          error={fieldErrors.pincode}
        />
        <TextField
          name="phone"
          label="Mobile Number"
          type="tel"
          autoComplete="tel"
          required
          defaultValue={values.phone}
          hint="10 digits; +91 is optional."
          error={fieldErrors.phone}
        />
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Payment: cash on delivery.</p>
      <button type="submit" className="btn-gold w-full" disabled={placing}>
        {placing ? "Placing your order…" : "Order Now"}
      </button>
    </Form>
  );
}
