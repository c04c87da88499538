import { emailOnlySchema } from "#server/accounts/accounts.schemas.ts";
import { RESET_MINUTES, requestPasswordReset } from "#server/accounts/identity.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices, requestInfo } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { EmailField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/forgot-password";

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const input = formFields(await readForm(request), emailOnlySchema);
  try {
    await requestPasswordReset(appServices(context).db, input, { ip: requestInfo(context).ip });
  } catch (error) {
    return formFailure(error);
  }
  return { ok: true as const, email: input.email.trim(), minutes: RESET_MINUTES };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Forgot password", description: "Reset your Kesar password.", noindex: true });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Forgot password" other={{ question: "Remembered it?", label: "Login", to: "/login" }}>
      {actionData?.ok ? (
        <Notice tone="success">
          If an account uses {actionData.email}, we have sent it a link to choose a new password. The link works once,
          for {actionData.minutes} minutes.
        </Notice>
      ) : (
        <AuthForm
          intro="Enter the e-mail address of your account, and we will send you a link to choose a new password."
          message={actionData?.message}
          submit={{ label: "Send me a link", pendingLabel: "Sending…" }}
        >
          <EmailField error={actionData?.fieldErrors?.email} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
