import { Pencil } from "lucide-react";
import { useNavigation } from "react-router";
import { z } from "zod";
import type { UserActor } from "#core/actor.ts";
import { resendEmailVerification, signOutEverywhere } from "#server/accounts/identity.service.ts";
import { whatsappUpdatesForm } from "#server/accounts/phone.schemas.ts";
import { setWhatsappUpdates } from "#server/accounts/phone-accounts.service.ts";
import { getProfile } from "#server/accounts/profile.service.ts";
import { pointsSummary } from "#server/rewards/rewards.service.ts";
import { storeCreditSummary } from "#server/store-credit/store-credit.service.ts";
import { actionFailed } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { readForm, routeFields } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { localeOf } from "../.server/locale.ts";
import { signOutHeaders } from "../.server/sign-in.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { MobileSettings } from "../components/account/mobile-settings.tsx";
import { PROFILE_ROWS, ProfileFields, profileValue } from "../components/account/profile-fields.tsx";
import { RewardPoints } from "../components/orders/reward-points.tsx";
import { StoreCreditLedger } from "../components/returns/store-credit-ledger.tsx";
import { FormError } from "../components/ui/form-error.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { ProfilePhoto } from "../components/ui/profile-photo.tsx";
import { IntentSubmit, SubmitButton } from "../components/ui/submit-button.tsx";
import { useT } from "../locales/i18n.ts";
import { Form, Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/profile";
import { saveProfileForm } from "./profile-form.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage } = appServices(context);
  const [profile, points, storeCredit] = await Promise.all([
    getProfile(db, storage, actor),
    pointsSummary(db, actor),
    storeCreditSummary(db, actor),
  ]);
  return { profile, points, storeCredit, editing: url.searchParams.has("edit") };
}

/**
 * The profile page's forms: the inline edit, sending the confirmation link again, signing out
 * everywhere, and WhatsApp order updates on or off.
 */
const profileIntent = z.object({
  intent: z.enum(["profile", "send-verification", "sign-out-everywhere", "whatsapp"]).default("profile"),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const form = await readForm(request);
  const { db } = appServices(context);
  const { intent } = routeFields(form, profileIntent);
  if (intent === "send-verification") {
    try {
      await resendEmailVerification(db, actor);
    } catch (error) {
      return actionFailed(context, request, error, { backTo: "/profile" });
    }
    const toast = makeToast("success", "We have sent a new link to your e-mail address.");
    return redirectWithToast(context, "/profile", toast);
  }
  if (intent === "whatsapp") return switchWhatsapp(context, request, actor, form);
  if (intent === "sign-out-everywhere") {
    await signOutEverywhere(db, actor);
    const toast = makeToast("success", "You have been signed out on every device.");
    return redirectWithToast(context, "/login", toast, { headers: await signOutHeaders(context) });
  }
  return saveProfileForm(context, actor, form);
}

/** WhatsApp order updates on or off, for the account's verified number: recorded with the words shown. */
async function switchWhatsapp(
  context: Route.ActionArgs["context"],
  request: Request,
  actor: UserActor,
  form: FormData,
) {
  try {
    const { whatsapp } = routeFields(form, whatsappUpdatesForm);
    const language = localeOf(request);
    await setWhatsappUpdates(appServices(context).db, actor, { on: whatsapp === "on", language });
    const message = whatsapp === "on" ? "WhatsApp order updates are on." : "WhatsApp order updates are off.";
    return redirectWithToast(context, "/profile", makeToast("success", message));
  } catch (error) {
    return actionFailed(context, request, error, { backTo: "/profile" });
  }
}

export const meta = privatePageMeta("profile.title", "profile.description");

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, points, storeCredit, editing } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/profile");
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="card relative p-8">
        <div className="flex items-start justify-between">
          <h1 className="font-display text-3xl font-semibold">{t("profile.title")}</h1>
          {editing ? null : <EditLink />}
        </div>
        <AccountNotices
          emailVerified={profile.emailVerified}
          email={profile.hasEmail ? profile.email : null}
          pendingEmail={profile.pendingEmail}
        />
        {loading ? (
          <p role="status" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t("profile.loading")}
          </p>
        ) : null}
        <div className="mt-6 flex justify-center">
          <ProfilePhoto url={profile.photoUrl} name={profile.name} size={128} />
        </div>
        {editing ? <ProfileEditor profile={profile} failure={actionData} /> : <ProfileDetails profile={profile} />}
        <RewardPoints balance={points.balance} pending={points.pending} owed={points.owed} ledger={points.ledger} />
        <StoreCreditLedger balance={storeCredit.balance} ledger={storeCredit.ledger} />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/order" className="btn-gold">
            {t("profile.checkOrders")}
          </Link>
          <Link to="/profileform" className="btn-outline">
            {t("profile.updatePhotoPassword")}
          </Link>
        </div>
        <MobileSettings mobile={profile.mobile} whatsappUpdates={profile.whatsappUpdates} />
        <SignInAndPrivacy />
      </div>
    </div>
  );
}

type Profile = Route.ComponentProps["loaderData"]["profile"];

/** The pencil that opens the profile for editing in place. */
function EditLink() {
  const t = useT();
  return (
    <Link
      to="/profile?edit"
      className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      aria-label={t("profile.edit")}
      title={t("profile.edit")}
    >
      <Pencil aria-hidden="true" className="size-5" />
    </Link>
  );
}

/** The profile's fields as a form, with the refusal of the last save beside them. */
function ProfileEditor({ profile, failure }: { profile: Profile; failure: Route.ComponentProps["actionData"] }) {
  const t = useT();
  return (
    <Form method="post" action="/profile?edit" className="mt-8 flex flex-col gap-4" noValidate>
      <FormError message={failure?.message} />
      <ProfileFields profile={profile} errors={failure?.fieldErrors ?? {}} />
      <div className="flex gap-3">
        <SubmitButton label={t("profile.save")} pendingLabel={t("acct.saving")} />
        <Link to="/profile" className="btn-outline">
          {t("acct.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The profile as it stands, "Not provided" where a field is empty. */
function ProfileDetails({ profile }: { profile: Profile }) {
  const t = useT();
  return (
    <dl className="mt-8 divide-y divide-zinc-200 dark:divide-zinc-800">
      {PROFILE_ROWS.map((row) => (
        <div key={row.name} className="grid grid-cols-[9rem_1fr] gap-4 py-3">
          <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{t(row.label)}</dt>
          <dd className={`min-w-0 break-words ${profile[row.name] ? "" : "text-zinc-500 italic dark:text-zinc-400"}`}>
            {profileValue(t, profile, row.name) || t("profile.notProvided")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Signing out on every device, and the way to delete the account. */
function SignInAndPrivacy() {
  const t = useT();
  return (
    <section aria-labelledby="account-safety" className="mt-10 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h2 id="account-safety" className="font-display text-xl font-semibold">
        {t("profile.signInPrivacy")}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Form method="post">
          <IntentSubmit
            intent="sign-out-everywhere"
            label={t("profile.signOutEverywhere")}
            pendingLabel={t("profile.signingOut")}
            className="btn-outline"
          />
        </Form>
        <Link to="/profile/delete" className="text-sm font-medium text-red-700 underline dark:text-red-300">
          {t("profile.deleteAccount")}
        </Link>
      </div>
    </section>
  );
}

/**
 * What waits for the shopper: an address to confirm, or a new address not yet confirmed; an
 * account made by phone is asked for an e-mail, which its order mails need.
 */
function AccountNotices(props: { emailVerified: boolean; email: string | null; pendingEmail: string | null }) {
  const t = useT();
  if (props.emailVerified && !props.pendingEmail) return null;
  return (
    <div className="mt-4 flex flex-col gap-3">
      {props.email === null && !props.pendingEmail ? <Notice>{t("profile.addEmail")}</Notice> : null}
      {props.emailVerified || props.email === null ? null : (
        <Notice>
          <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
            <span>{t("profile.confirmEmail", { email: props.email })}</span>
            <IntentSubmit
              intent="send-verification"
              label={t("profile.sendAgain")}
              pendingLabel={t("acct.sending")}
              className="btn-outline"
            />
          </Form>
        </Notice>
      )}
      {props.pendingEmail ? <Notice>{t("profile.pendingEmail", { email: props.pendingEmail })}</Notice> : null}
    </div>
  );
}
