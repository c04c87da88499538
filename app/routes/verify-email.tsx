import { z } from "zod";
import { confirmEmail, emailLinkStatus, resendEmailVerification } from "#server/accounts/identity.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { readForm, routeFields } from "../.server/forms.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { AuthCard } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { IntentSubmit, SubmitButton } from "../components/ui/submit-button.tsx";
import { pageMeta } from "../lib/seo.ts";
import { Form, Link } from "../locales/link.tsx";
import type { Route } from "./+types/verify-email";

export async function loader({ params, context }: Route.LoaderArgs) {
  return emailLinkStatus(appServices(context).db, actorOf(context), params.code);
}

const verifyIntent = z.object({ intent: z.enum(["confirm", "send-new-link"]).default("confirm") });

/**
 * Confirms an address with the link mailed to it. The link opens a page with a button rather than
 * confirming at once, so that a mail scanner opening links does not use it up. A link that was used
 * or has expired offers a new one instead.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const { db } = appServices(context);
  const actor = actorOf(context);
  try {
    if (routeFields(await readForm(request), verifyIntent).intent === "send-new-link") {
      await resendEmailVerification(db, actor);
      return redirectWithToast(context, "/profile", makeToast("success", "We have sent you a new link."));
    }
    const email = await confirmEmail(db, params.code);
    const to = actor.kind === "user" ? "/profile" : "/login";
    return redirectWithToast(context, to, makeToast("success", `Your e-mail address ${email} is confirmed.`));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Confirm your e-mail", description: "Confirm your e-mail address.", noindex: true }),
  { name: "referrer", content: "no-referrer" },
];

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const spent =
    !loaderData.usable || actionData?.code === "invalid-action-code" || actionData?.code === "expired-action-code";
  return (
    <AuthCard title="Confirm your e-mail" other={{ question: "Done here?", label: "Go to the shop", to: "/" }}>
      {spent ? (
        <SpentLink account={loaderData.account} />
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Press the button to confirm that this e-mail address is yours.
          </p>
          <SubmitButton label="Confirm my e-mail address" pendingLabel="Confirming…" className="btn-primary w-full" />
        </Form>
      )}
    </AuthCard>
  );
}

/** A link that was used or has expired: what to do instead, for whoever holds it. */
function SpentLink({ account }: { account: "signed-out" | "unconfirmed" | "confirmed" }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <Notice tone="error">This link was already used, or it has expired.</Notice>
      {account === "confirmed" ? (
        <p>Your e-mail address is confirmed already: there is nothing more to do.</p>
      ) : account === "unconfirmed" ? (
        <Form method="post" className="flex flex-col gap-3">
          <p>We can send you a new link; it works once, for 24 hours.</p>
          <IntentSubmit
            intent="send-new-link"
            label="Send me a new link"
            pendingLabel="Sending…"
            className="btn-primary w-full"
          />
        </Form>
      ) : (
        <p>
          <Link to="/login?redirectTo=%2Fprofile" className="font-semibold underline">
            Log in
          </Link>{" "}
          and we will send you a new link from your profile.
        </p>
      )}
    </div>
  );
}
