import { emailOnlySchema } from "#server/accounts/accounts.schemas.ts";
import { RESET_MINUTES, requestPasswordReset } from "#server/accounts/identity.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices, requestInfo } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { localeOf } from "../.server/locale.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { EmailField } from "../components/ui/text-field.tsx";
import { useT } from "../locales/i18n.ts";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/forgot-password";

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const input = formFields(await readForm(request), emailOnlySchema);
  try {
    await requestPasswordReset(appServices(context).db, input, {
      ip: requestInfo(context).ip,
      locale: localeOf(request),
    });
  } catch (error) {
    return formFailure(error);
  }
  return { ok: true as const, email: input.email.trim(), minutes: RESET_MINUTES };
}

export const meta = privatePageMeta("forgot.title", "forgot.description");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthCard
      title={t("forgot.title")}
      other={{ question: t("acct.remembered"), label: t("auth.login"), to: "/login" }}
    >
      {actionData?.ok ? (
        <Notice tone="success">{t("forgot.sent", { email: actionData.email, minutes: actionData.minutes })}</Notice>
      ) : (
        <AuthForm
          intro={t("forgot.intro")}
          message={actionData?.message}
          submit={{ label: t("forgot.send"), pendingLabel: t("acct.sending") }}
        >
          <EmailField error={actionData?.fieldErrors?.email} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
