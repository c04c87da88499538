import { z } from "zod";
import { formatMobile, isIndianMobile } from "#core/phone.ts";
import { attachVerifiedPhone } from "#server/accounts/phone-accounts.service.ts";
import { getProfile } from "#server/accounts/profile.service.ts";
import { appServices } from "../.server/context.ts";
import { readForm, routeFields } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { checkCode, phoneClient, refusedStep, resendCode, sendCode } from "../.server/phone-step-actions.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { PhoneCodeStep, PhoneNumberStep } from "../components/account/phone-steps.tsx";
import type { PhoneStep } from "../lib/phone-step.ts";
import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/profile-mobile";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage } = appServices(context);
  const { mobile } = await getProfile(db, storage, actor);
  return { mobile: mobile && isIndianMobile(mobile) ? formatMobile(mobile) : null };
}

const stepIntent = z.object({ intent: z.enum(["send", "resend", "verify"], { error: "Unknown step." }) });

/**
 * Adding or changing the account's number: a code goes to the number typed (the new one), and the
 * number is the account's once that code comes back. A number belongs to one account.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const form = await readForm(request);
  const { intent } = routeFields(form, stepIntent);
  if (intent === "send") return sendCode(context, request, form);
  if (intent === "resend") return resendCode(context, request, form);
  const checked = await checkCode(context, form);
  if ("refused" in checked) return checked.refused;
  const { headers } = await phoneClient(context);
  try {
    await attachVerifiedPhone(appServices(context).db, actor, { challengeId: checked.verified }, checked.client);
  } catch (error) {
    return refusedStep(error, { step: "number" }, headers);
  }
  const toast = makeToast("success", "Your mobile number is verified: you can sign in with it.");
  return redirectWithToast(context, "/profile", toast);
}

export const meta = privatePageMeta("mobile.title", "mobile.description");

export default function ProfileMobile({ loaderData, actionData }: Route.ComponentProps) {
  const step: PhoneStep = actionData ?? { step: "number" };
  const t = useT();
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="card flex flex-col gap-5 p-8">
        <h1 className="font-display text-3xl font-semibold">
          {loaderData.mobile ? t("mobile.change") : t("mobile.add")}
        </h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {loaderData.mobile ? t("mobile.current", { mobile: loaderData.mobile }) : t("mobile.intro")}
        </p>
        {step.step === "code" ? (
          <PhoneCodeStep step={step} submitLabel={t("mobile.verify")} restartTo="/profile/mobile" />
        ) : (
          <PhoneNumberStep
            step={step}
            submitLabel={t("phone.sendCode")}
            label={loaderData.mobile ? t("mobile.new") : t("mobile.title")}
          />
        )}
        <Link to="/profile" className="text-sm underline">
          {t("acct.backToProfile")}
        </Link>
      </div>
    </div>
  );
}
