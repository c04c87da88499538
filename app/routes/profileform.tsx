import { Form, useNavigation } from "react-router";
import { describePolicy } from "#server/accounts/passwords.ts";
import { changePassword, getProfile, updateProfile, updateProfilePhoto } from "#server/accounts/profile.service.ts";
import { formFailure } from "#server/http/action-results.ts";
import { readForm, text } from "#server/http/forms.ts";
import { signedInOrLogin } from "#server/http/route-guards.ts";
import { appServices } from "#server/http/route-helpers.ts";
import { sessionTokenOf } from "#server/http/session-middleware.ts";
import { makeToast, redirectWithToast } from "#server/http/toasts.ts";
import { checkUploadedImage, MAX_UPLOAD_BYTES } from "#server/storage/images.ts";
import { FormError } from "../components/ui/form-error.tsx";
import { ProfilePhoto } from "../components/ui/profile-photo.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/profileform";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage, config } = appServices(context);
  return { profile: await getProfile(db, storage, actor), policy: describePolicy(config.passwordPolicy) };
}

/** The details and picture together, or (intent=password) a new password. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage, config } = appServices(context);
  try {
    const form = await readForm(request, MAX_UPLOAD_BYTES + 64 * 1024);
    if (form.get("intent") === "password") {
      await changePassword(
        db,
        config,
        actor,
        {
          currentPassword: String(form.get("currentPassword") ?? ""),
          newPassword: String(form.get("newPassword") ?? ""),
        },
        sessionTokenOf(context) ?? undefined,
      );
      return redirectWithToast(
        context,
        "/profile",
        makeToast("success", "Password changed. Other devices were signed out."),
      );
    }
    const picture = form.get("picture");
    const photo = picture instanceof File && picture.size > 0 ? Buffer.from(await picture.arrayBuffer()) : null;
    // Everything is checked before anything is saved.
    if (photo) await checkUploadedImage(photo);
    await updateProfile(db, storage, actor, {
      name: text(form, "name"),
      email: text(form, "email"),
      phone: text(form, "phone"),
      address: text(form, "address"),
      currentPassword: String(form.get("currentPassword") ?? ""),
    });
    if (photo) await updateProfilePhoto(db, storage, actor, photo);
  } catch (error) {
    return formFailure(error, "Failed to update profile");
  }
  return redirectWithToast(context, "/profile", makeToast("success", "Profile updated successfully!"));
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Create Profile", description: "Update your Kesar profile.", noindex: true });

export default function ProfileForm({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, policy } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-12">
      <section className="card p-8" aria-labelledby="profile-form-title">
        <h1 id="profile-form-title" className="font-display text-3xl font-semibold">
          Create Profile
        </h1>
        <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-col gap-4" noValidate>
          <FormError message={actionData?.message} />
          <div className="flex items-center gap-4">
            <ProfilePhoto url={profile.photoUrl} name={profile.name} size={80} />
            <div className="flex-1">
              <label htmlFor="field-picture" className="label">
                Picture
              </label>
              <input
                id="field-picture"
                name="picture"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="field file:mr-3 file:rounded file:border-0 file:bg-zinc-100 file:px-3 file:py-1 dark:file:bg-zinc-800"
                aria-describedby="field-picture-hint"
              />
              <p id="field-picture-hint" className="mt-1 text-xs text-zinc-500">
                JPEG, PNG or WebP, up to 5 MB.
              </p>
            </div>
          </div>
          <TextField name="name" label="Name" defaultValue={profile.name} autoComplete="name" error={errors.name} />
          <TextField
            name="email"
            label="Email"
            type="email"
            defaultValue={profile.email}
            autoComplete="email"
            error={errors.email}
          />
          <TextField
            name="phone"
            label="Phone"
            type="tel"
            defaultValue={profile.phone ?? ""}
            autoComplete="tel"
            error={errors.phone}
          />
          <TextField
            name="address"
            label="Address"
            defaultValue={profile.address ?? ""}
            autoComplete="street-address"
            error={errors.address}
          />
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Needed only when you change your e-mail."
            error={errors.currentPassword}
          />
          <button type="submit" className="btn-primary self-start" disabled={saving}>
            {saving && intent !== "password" ? "Saving…" : "Save profile"}
          </button>
        </Form>
      </section>
      <section className="card p-8" aria-labelledby="password-title">
        <h2 id="password-title" className="text-xl font-semibold">
          Change password
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="password" />
          <TextField
            name="currentPassword"
            id="password-current"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`Password: ${policy.join(", ")}.`}
            error={errors.newPassword}
          />
          <button type="submit" className="btn-outline self-start" disabled={saving}>
            {saving && intent === "password" ? "Changing…" : "Change password"}
          </button>
        </Form>
      </section>
    </div>
  );
}
