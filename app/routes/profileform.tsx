import { z } from "zod";
import { passwordChangeSchema } from "#server/accounts/accounts.schemas.ts";
import { describePolicy } from "#server/accounts/passwords.ts";
import { changePassword, getProfile } from "#server/accounts/profile.service.ts";
import { MAX_UPLOAD_BYTES } from "#server/storage/shaped-images.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm, routeFields } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { sessionTokenOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { ProfileFields } from "../components/account/profile-fields.tsx";
import { FormError } from "../components/ui/form-error.tsx";
import { PicturePicker } from "../components/ui/picture-picker.tsx";
import { ProfilePhoto } from "../components/ui/profile-photo.tsx";
import { IntentSubmit, SubmitButton } from "../components/ui/submit-button.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { useT } from "../locales/i18n.ts";
import { Form } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import { serviceText } from "../locales/service-text.ts";
import type { Route } from "./+types/profileform";
import { saveProfileForm } from "./profile-form.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage, config } = appServices(context);
  return { profile: await getProfile(db, storage, actor), policy: describePolicy(config.passwordPolicy) };
}

/** The details and picture together, or (intent=password) a new password. */
/** The page's two forms: the profile with its picture, and the password. */
const profileFormIntent = z.object({ intent: z.enum(["profile", "password"]).default("profile") });

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, config } = appServices(context);
  try {
    const form = await readForm(request, MAX_UPLOAD_BYTES + 64 * 1024);
    if (routeFields(form, profileFormIntent).intent === "password") {
      const input = formFields(form, passwordChangeSchema);
      await changePassword(db, config, actor, input, sessionTokenOf(context) ?? undefined);
      return redirectWithToast(
        context,
        "/profile",
        makeToast("success", "Password changed. Other devices were signed out."),
      );
    }
    return saveProfileForm(context, actor, form);
  } catch (error) {
    return formFailure(error, "Failed to update profile");
  }
}

export const meta = privatePageMeta("profile.edit", "profile.editDescription");

export default function ProfileForm({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, policy } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const t = useT();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-12">
      <section className="card p-8" aria-labelledby="profile-form-title">
        <h1 id="profile-form-title" className="font-display text-3xl font-semibold">
          {t("profile.edit")}
        </h1>
        <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-col gap-4" noValidate>
          <FormError message={actionData?.message} />
          <PicturePicker
            id="field-picture"
            name="picture"
            label={t("profile.picture")}
            heading={t("profile.picture")}
            hint={t("profile.pictureHint")}
            current={<ProfilePhoto url={profile.photoUrl} name={profile.name} size={80} />}
          />
          <ProfileFields profile={profile} errors={errors} />
          <SubmitButton
            label={t("profile.saveProfile")}
            pendingLabel={t("acct.saving")}
            className="btn-primary self-start"
            intent=""
          />
        </Form>
      </section>
      <PasswordChange policy={policy} error={errors.newPassword} />
    </div>
  );
}

/** The current password and a new one that meets the policy. */
function PasswordChange({ policy, error }: { policy: readonly string[]; error: string | undefined }) {
  const t = useT();
  return (
    <section className="card p-8" aria-labelledby="password-title">
      <h2 id="password-title" className="text-xl font-semibold">
        {t("profile.changePassword")}
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <TextField
          name="currentPassword"
          id="password-current"
          label={t("acct.currentPassword")}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          name="newPassword"
          label={t("acct.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.passwordHint", { rules: policy.map((rule) => serviceText(t, rule)).join(", ") })}
          error={error}
        />
        <IntentSubmit
          intent="password"
          label={t("profile.changePassword")}
          pendingLabel={t("profile.changing")}
          className="btn-outline self-start"
        />
      </Form>
    </section>
  );
}
