import { loginSchema } from "#server/accounts/accounts.schemas.ts";
import { logIn } from "#server/accounts/accounts.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm, routeFields } from "../.server/forms.ts";
import { actorOf, signedInAs } from "../.server/session.ts";
import { afterSignIn, completeSignIn, signInMeta } from "../.server/sign-in.ts";
import { makeToast } from "../.server/toasts.ts";
import { SignedInNotice } from "../components/account/signed-in-notice.tsx";
import { useSignInRedirect } from "../components/account/use-sign-in-redirect.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { EmailField, TextField } from "../components/ui/text-field.tsx";
import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/login";

export const LOGIN_TOAST_MS = 2000;

export async function loader({ context }: Route.LoaderArgs) {
  const actor = actorOf(context);
  return { signedInAs: signedInAs(actor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { redirectTo } = routeFields(form, afterSignIn);
  try {
    const signedIn = await logIn(appServices(context).db, formFields(form, loginSchema), signInMeta(context, request));
    return completeSignIn(context, signedIn, redirectTo, makeToast("success", "Login successful", LOGIN_TOAST_MS));
  } catch (error) {
    return formFailure(error, "Login failed");
  }
}

export const meta = privatePageMeta("auth.login", "auth.loginDescription");

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const { redirectTo, otherFormTo } = useSignInRedirect("/signup");
  const t = useT();
  const mobileTo = `/login/mobile${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  return (
    <AuthCard
      title={t("auth.login")}
      other={{ question: t("auth.noAccount"), label: t("auth.signup"), to: otherFormTo }}
    >
      {loaderData.signedInAs ? (
        <SignedInNotice signedInAs={loaderData.signedInAs} onward={redirectTo || undefined} />
      ) : (
        <AuthForm message={actionData?.message} submit={{ label: t("auth.login"), pendingLabel: t("auth.loggingIn") }}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <EmailField />
          <TextField
            name="password"
            label={t("auth.password")}
            type="password"
            autoComplete="current-password"
            required
          />
        </AuthForm>
      )}
      {loaderData.signedInAs ? null : (
        <Link to={mobileTo} className="btn-outline w-full text-center">
          {t("auth.withMobile")}
        </Link>
      )}
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="font-semibold underline">
          {t("auth.forgot")}
        </Link>
        <Link to="/orders/find" className="underline">
          {t("auth.findGuestOrder")}
        </Link>
      </p>
    </AuthCard>
  );
}
