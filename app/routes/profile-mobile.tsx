import { Link } from "react-router";
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
import { pageMeta } from "../lib/seo.ts";
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
  if (intent === "send") return sendCode(context, form);
  if (intent === "resend") return resendCode(context, form);
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

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Mobile number", description: "Add or change your mobile number.", noindex: true });

export default function ProfileMobile({ loaderData, actionData }: Route.ComponentProps) {
  const step: PhoneStep = actionData ?? { step: "number" };
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="card flex flex-col gap-5 p-8">
        <h1 className="font-display text-3xl font-semibold">{loaderData.mobile ? "Change" : "Add"} mobile number</h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {loaderData.mobile
            ? `Your account signs in with ${loaderData.mobile}. A code goes to the new number; it replaces this one once you type the code.`
            : "Sign in with this number and a code by SMS, and see the orders you placed with it as a guest in the last 90 days."}
        </p>
        {step.step === "code" ? (
          <PhoneCodeStep step={step} submitLabel="Verify number" restartTo="/profile/mobile" />
        ) : (
          <PhoneNumberStep
            step={step}
            submitLabel="Send code"
            label={loaderData.mobile ? "New mobile number" : "Mobile number"}
          />
        )}
        <Link to="/profile" className="text-sm underline">
          Back to your profile
        </Link>
      </div>
    </div>
  );
}
