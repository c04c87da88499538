import { signupSchema } from "#server/accounts/accounts.schemas.ts";
import { signUp } from "#server/accounts/accounts.service.ts";
import { describePolicy } from "#server/accounts/passwords.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm, routeFields } from "../.server/forms.ts";
import { actorOf, signedInAs } from "../.server/session.ts";
import { afterSignIn, completeSignIn, signInMeta } from "../.server/sign-in.ts";
import { makeToast } from "../.server/toasts.ts";
import { NewPasswordField } from "../components/account/new-password-field.tsx";
import { SignedInNotice } from "../components/account/signed-in-notice.tsx";
import { useSignInRedirect } from "../components/account/use-sign-in-redirect.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { EmailField, TextField } from "../components/ui/text-field.tsx";
import { useT } from "../locales/i18n.ts";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/signup";

export async function loader({ context }: Route.LoaderArgs) {
  const { passwordPolicy } = appServices(context).config;
  return {
    signedInAs: signedInAs(actorOf(context)),
    policy: describePolicy(passwordPolicy),
    minLength: passwordPolicy.minLength,
    maxLength: passwordPolicy.maxLength,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db, config } = appServices(context);
  try {
    const signedIn = await signUp(db, config, formFields(form, signupSchema), signInMeta(context, request));
    const { redirectTo } = routeFields(form, afterSignIn);
    return completeSignIn(context, signedIn, redirectTo, makeToast("success", "Signup Successfully"));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = privatePageMeta("auth.signup", "auth.signupDescription");

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, otherFormTo } = useSignInRedirect("/login");
  const errors = actionData?.fieldErrors ?? {};
  const t = useT();
  return (
    <AuthCard
      title={t("auth.signup")}
      other={{ question: t("auth.haveAccount"), label: t("auth.login"), to: otherFormTo }}
    >
      {loaderData.signedInAs ? (
        <SignedInNotice signedInAs={loaderData.signedInAs} onward={redirectTo || undefined} />
      ) : (
        <AuthForm
          message={actionData?.message}
          fieldErrors={errors}
          labels={{ name: t("auth.name"), email: t("auth.email"), password: t("auth.password") }}
          submit={{ label: t("auth.signup"), pendingLabel: t("auth.creating") }}
        >
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField name="name" label={t("auth.name")} autoComplete="name" required error={errors.name} />
          <EmailField error={errors.email} />
          <NewPasswordField
            label={t("auth.password")}
            policy={loaderData.policy}
            minLength={loaderData.minLength}
            maxLength={loaderData.maxLength}
            error={errors.password}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
