import { localeOfPath } from "#core/locales.ts";
import { passwordResetSchema } from "#server/accounts/accounts.schemas.ts";
import { passwordResetState, resetPassword } from "#server/accounts/identity.service.ts";
import { describePolicy } from "#server/accounts/passwords.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { NewPasswordField } from "../components/account/new-password-field.tsx";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { pageMeta } from "../lib/seo.ts";
import { translator, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { serviceText } from "../locales/service-text.ts";
import type { Route } from "./+types/reset-password";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = appServices(context);
  return { state: await passwordResetState(db, params.code), policy: describePolicy(config.passwordPolicy) };
}

/** A new password through the link, once; every session of the account ends. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config } = appServices(context);
  const form = await readForm(request);
  try {
    await resetPassword(db, config, { ...formFields(form, passwordResetSchema), code: params.code });
  } catch (error) {
    return formFailure(error);
  }
  return redirectWithToast(
    context,
    "/login",
    makeToast("success", "Your password has been changed. Please log in with the new one."),
  );
}

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta({
    title: translator(localeOfPath(location.pathname))("reset.title"),
    description: translator(localeOfPath(location.pathname))("forgot.description"),
    noindex: true,
  }),
  // The address holds the secret: it must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { state, policy } = loaderData;
  const refused = actionData?.code === "expired-action-code" || actionData?.code === "invalid-action-code";
  const t = useT();
  return (
    <AuthCard title={t("reset.title")} other={{ question: t("acct.remembered"), label: t("auth.login"), to: "/login" }}>
      {state !== "valid" || refused ? (
        <>
          <Notice tone="error">
            {refused
              ? serviceText(t, actionData?.message ?? "")
              : state === "expired"
                ? t("service.linkExpired")
                : t("service.linkInvalid")}
          </Notice>
          <Link to="/forgot-password" className="btn-outline">
            {t("reset.askNew")}
          </Link>
        </>
      ) : (
        <AuthForm message={actionData?.message} submit={{ label: t("reset.save"), pendingLabel: t("acct.saving") }}>
          <NewPasswordField label={t("acct.newPassword")} policy={policy} error={actionData?.fieldErrors?.password} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
