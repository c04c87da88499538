import { z } from "zod";
import { localeOfPath } from "#core/locales.ts";
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
import { fillInNodes } from "../locales/fill-in-nodes.tsx";
import { translator, useT } from "../locales/i18n.ts";
import { Form, Link } from "../locales/link.tsx";
import { serviceText } from "../locales/service-text.ts";
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

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta({
    title: translator(localeOfPath(location.pathname))("verify.title"),
    description: translator(localeOfPath(location.pathname))("verify.description"),
    noindex: true,
  }),
  { name: "referrer", content: "no-referrer" },
];

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const spent =
    !loaderData.usable || actionData?.code === "invalid-action-code" || actionData?.code === "expired-action-code";
  const t = useT();
  return (
    <AuthCard title={t("verify.title")} other={{ question: t("verify.doneHere"), label: t("verify.goShop"), to: "/" }}>
      {spent ? (
        <SpentLink account={loaderData.account} />
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          {actionData?.message ? <Notice tone="error">{serviceText(t, actionData.message)}</Notice> : null}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("verify.press")}</p>
          <SubmitButton
            label={t("verify.confirm")}
            pendingLabel={t("acct.confirming")}
            className="btn-primary w-full"
          />
        </Form>
      )}
    </AuthCard>
  );
}

/** A link that was used or has expired: what to do instead, for whoever holds it. */
function SpentLink({ account }: { account: "signed-out" | "unconfirmed" | "confirmed" }) {
  const t = useT();
  const logIn = (
    <Link to="/login?redirectTo=%2Fprofile" className="font-semibold underline">
      {t("verify.logIn")}
    </Link>
  );
  return (
    <div className="flex flex-col gap-4 text-sm">
      <Notice tone="error">{t("verify.spent")}</Notice>
      {account === "confirmed" ? (
        <p>{t("verify.already")}</p>
      ) : account === "unconfirmed" ? (
        <Form method="post" className="flex flex-col gap-3">
          <p>{t("verify.canSend")}</p>
          <IntentSubmit
            intent="send-new-link"
            label={t("verify.sendNew")}
            pendingLabel={t("acct.sending")}
            className="btn-primary w-full"
          />
        </Form>
      ) : (
        <p>{fillInNodes(t("verify.logInFirst"), { link: logIn })}</p>
      )}
    </div>
  );
}
