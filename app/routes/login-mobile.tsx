import { data } from "react-router";
import { z } from "zod";
import { phoneNameForm } from "#server/accounts/phone.schemas.ts";
import { phoneSignInNeedsName, signInWithPhone } from "#server/accounts/phone-accounts.service.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm, routeFields } from "../.server/forms.ts";
import { checkCode, phoneClient, refusedStep, resendCode, sendCode } from "../.server/phone-step-actions.ts";
import { actorOf, signedInAs } from "../.server/session.ts";
import { afterSignIn, completeSignIn, signInMeta } from "../.server/sign-in.ts";
import { makeToast } from "../.server/toasts.ts";
import { PhoneCodeStep, PhoneNameStep, PhoneNumberStep } from "../components/account/phone-steps.tsx";
import { SignedInNotice } from "../components/account/signed-in-notice.tsx";
import { useSignInRedirect } from "../components/account/use-sign-in-redirect.ts";
import { AuthCard } from "../components/ui/auth-card.tsx";
import type { PhoneStep } from "../lib/phone-step.ts";
import { fillInNodes } from "../locales/fill-in-nodes.tsx";
import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/login-mobile";
import { LOGIN_TOAST_MS } from "./login.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return { signedInAs: signedInAs(actorOf(context)) };
}

/** The steps' forms: the number, the code (or another code), and a new account's name. */
const stepIntent = z.object({ intent: z.enum(["send", "resend", "verify", "name"], { error: "Unknown step." }) });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { intent } = routeFields(form, stepIntent);
  if (intent === "send") return sendCode(context, request, form);
  if (intent === "resend") return resendCode(context, request, form);
  const { redirectTo } = routeFields(form, afterSignIn);
  let challengeId: string;
  let name: string | undefined;
  if (intent === "verify") {
    const checked = await checkCode(context, form);
    if ("refused" in checked) return checked.refused;
    challengeId = checked.verified;
    // A number without an account asks for a name first; one with an account signs in now.
    if (await phoneSignInNeedsName(appServices(context).db, { challengeId }, checked.client)) {
      return data({ step: "name", challengeId } satisfies PhoneStep);
    }
  } else {
    ({ challengeId, name } = formFields(form, phoneNameForm));
  }
  const { client, headers } = await phoneClient(context);
  try {
    const meta = signInMeta(context, request);
    const signedIn = await signInWithPhone(appServices(context).db, { challengeId }, { name }, client, meta);
    const toast = signedIn.created
      ? makeToast("success", "Signup Successfully")
      : makeToast("success", "Login successful", LOGIN_TOAST_MS);
    return completeSignIn(context, signedIn, redirectTo, toast);
  } catch (error) {
    return refusedStep(error, intent === "name" ? { step: "name", challengeId } : { step: "number" }, headers);
  }
}

export const meta = privatePageMeta("auth.withMobile", "phone.description");

export default function LoginMobile({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = useSignInRedirect("/login");
  const step: PhoneStep = actionData ?? { step: "number" };
  const hidden: Record<string, string> = redirectTo ? { redirectTo } : {};
  const onward = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const back = `/login${onward}`;
  const restart = `/login/mobile${onward}`;
  const t = useT();
  return (
    <AuthCard title={t("auth.withMobile")} other={{ question: t("phone.haveEmail"), label: t("auth.login"), to: back }}>
      {loaderData.signedInAs ? (
        <SignedInNotice signedInAs={loaderData.signedInAs} onward={redirectTo || undefined} />
      ) : (
        <>
          {step.step === "number" ? (
            <PhoneNumberStep step={step} submitLabel={t("phone.sendCode")} hidden={hidden} />
          ) : null}
          {step.step === "code" ? (
            <PhoneCodeStep step={step} submitLabel={t("phone.signIn")} hidden={hidden} restartTo={restart} />
          ) : null}
          {step.step === "name" ? <PhoneNameStep step={step} hidden={hidden} /> : null}
          <SmsRisk />
        </>
      )}
    </AuthCard>
  );
}

/** What a code by SMS risks, said where it is offered (OWASP ASVS 6.6.1). */
function SmsRisk() {
  const t = useT();
  const findOrder = (
    <Link to="/orders/find" className="underline">
      {t("phone.findGuest")}
    </Link>
  );
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">{fillInNodes(t("phone.risk"), { link: findOrder })}</p>
  );
}
