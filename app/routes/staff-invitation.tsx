import { ROLE_LABELS } from "#core/permissions.ts";
import { describePolicy } from "#server/accounts/passwords.ts";
import { joinSchema } from "#server/staff/staff.schemas.ts";
import { acceptInvitation, invitationState } from "#server/staff/staff-invitations.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { completeSignIn, signInMeta } from "../.server/sign-in.ts";
import { makeToast } from "../.server/toasts.ts";
import { NewPasswordField } from "../components/account/new-password-field.tsx";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/staff-invitation";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = appServices(context);
  return { state: await invitationState(db, params.code), policy: describePolicy(config.passwordPolicy) };
}

/** Accepts the invitation, once: the password is set, the account joins the staff and is signed in. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config } = appServices(context);
  const form = await readForm(request);
  try {
    const joined = await acceptInvitation(
      db,
      config.passwordPolicy,
      params.code,
      formFields(form, joinSchema),
      signInMeta(context, request),
    );
    // The admin area opens as a new document: this page's no-referrer policy (it keeps the link's
    // secret) must not stay with the pages after it, whose forms would then post without an origin.
    return completeSignIn(context, joined, "", makeToast("success", `Welcome to the team, ${joined.user.name}.`), {
      newDocument: true,
    });
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Join the staff", description: "Set your password to join the shop's staff.", noindex: true }),
  // The address holds the secret: it must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

const DEAD = {
  used: "This invitation has been accepted already. Please log in.",
  expired: "This invitation has run out. Please ask the shop's owner to send a new one.",
  unknown: "This invitation link is not valid, or was withdrawn.",
} as const;

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { state, policy } = loaderData;
  const refused = actionData?.code === "invalid-action-code";
  return (
    <AuthCard title="Join the staff" other={{ question: "Already joined?", label: "Login", to: "/login" }}>
      {state.status !== "open" || refused ? (
        <Notice tone="error">
          {refused ? actionData?.message : DEAD[state.status === "open" ? "unknown" : state.status]}
        </Notice>
      ) : (
        <AuthForm
          intro={`${state.invitedBy} invited ${state.email} to help run the shop, as ${ROLE_LABELS[state.role]}.${state.hasAccount ? " Your account keeps its orders; the password you choose here replaces its old one." : ""}`}
          message={actionData?.message}
          fieldErrors={actionData?.fieldErrors}
          labels={{ name: "Your name", password: "Password" }}
          submit={{ label: "Join the staff", pendingLabel: "Joining…" }}
        >
          <TextField name="name" label="Your name" autoComplete="name" required error={actionData?.fieldErrors?.name} />
          <NewPasswordField label="Password" policy={policy} error={actionData?.fieldErrors?.password} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
