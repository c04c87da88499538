import { orderLinkSchema } from "#server/orders/orders.schemas.ts";
import { sendOrderLink } from "#server/orders/orders.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices, requestInfo } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { EmailField, TextField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/find-order";

/** A guest's way back to an order: its link is mailed to the address on the order. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    await sendOrderLink(appServices(context).db, formFields(form, orderLinkSchema), { ip: requestInfo(context).ip });
  } catch (error) {
    return formFailure(error);
  }
  return { ok: true as const };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Find my order", description: "Get the link to an order placed as a guest.", noindex: true });

export default function FindOrder({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Find my order" other={{ question: "Have an account?", label: "Login", to: "/login" }}>
      {actionData?.ok ? (
        <Notice tone="success">
          If that order number was placed with that e-mail address, we have sent the link to the order there.
        </Notice>
      ) : (
        <AuthForm
          intro="Lost the link to an order (placed as a guest, or from an account since deleted)? Give the order number and the e-mail address you ordered with."
          message={actionData?.message}
          submit={{ label: "Send me the link", pendingLabel: "Sending…" }}
        >
          <TextField
            name="orderNumber"
            label="Order number"
            placeholder="KS-100123"
            required
            error={actionData?.fieldErrors?.orderNumber}
          />
          <EmailField error={actionData?.fieldErrors?.email} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
