import { passwordResetSchema } from "#server/accounts/accounts.schemas.ts";
import { passwordResetState, resetPassword } from "#server/accounts/identity.service.ts";
import { describePolicy } from "#server/accounts/passwords.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import { Link } from "../locales/link.tsx";
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

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Choose a new password", description: "Reset your Kesar password.", noindex: true }),
  // The address holds the secret: it must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { state, policy } = loaderData;
  const refused = actionData?.code === "expired-action-code" || actionData?.code === "invalid-action-code";
  return (
    <AuthCard title="Choose a new password" other={{ question: "Remembered it?", label: "Login", to: "/login" }}>
      {state !== "valid" || refused ? (
        <>
          <Notice tone="error">
            {refused
              ? actionData?.message
              : state === "expired"
                ? "This link has expired. Please ask for a new one."
                : "This link is not valid."}
          </Notice>
          <Link to="/forgot-password" className="btn-outline">
            Ask for a new link
          </Link>
        </>
      ) : (
        <AuthForm message={actionData?.message} submit={{ label: "Save the new password", pendingLabel: "Saving…" }}>
          <TextField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={`Password: ${policy.join(", ")}.`}
            error={actionData?.fieldErrors?.password}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
