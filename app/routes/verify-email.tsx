import { Form } from "react-router";
import { confirmEmail } from "#server/accounts/identity.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { AuthCard } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/verify-email";

/**
 * Confirms an address with the link mailed to it. The link opens a page with a button rather than
 * confirming at once, so that a mail scanner opening links does not use it up.
 */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    const email = await confirmEmail(appServices(context).db, params.code);
    const to = actorOf(context).kind === "user" ? "/profile" : "/login";
    return redirectWithToast(context, to, makeToast("success", `Your e-mail address ${email} is confirmed.`));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Confirm your e-mail", description: "Confirm your e-mail address.", noindex: true }),
  { name: "referrer", content: "no-referrer" },
];

export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Confirm your e-mail" other={{ question: "Done here?", label: "Go to the shop", to: "/" }}>
      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
      <Form method="post" className="flex flex-col gap-4">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Press the button to confirm that this e-mail address is yours.
        </p>
        <SubmitButton label="Confirm my e-mail address" pendingLabel="Confirming…" className="btn-primary w-full" />
      </Form>
    </AuthCard>
  );
}
