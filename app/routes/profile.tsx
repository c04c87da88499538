import { Pencil } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { getProfile, updateProfile } from "#server/accounts/profile.service.ts";
import { formFailure } from "#server/http/action-results.ts";
import { readForm, text } from "#server/http/forms.ts";
import { signedInOrLogin } from "#server/http/route-guards.ts";
import { appServices } from "#server/http/route-helpers.ts";
import { makeToast, redirectWithToast } from "#server/http/toasts.ts";
import { pointsSummary } from "#server/rewards/rewards.service.ts";
import { RewardPoints } from "../components/orders/reward-points.tsx";
import { FormError } from "../components/ui/form-error.tsx";
import { ProfilePhoto } from "../components/ui/profile-photo.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/profile";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage } = appServices(context);
  const [profile, points] = await Promise.all([getProfile(db, storage, actor), pointsSummary(db, actor)]);
  return { profile, points, editing: url.searchParams.has("edit") };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage } = appServices(context);
  const form = await readForm(request);
  try {
    await updateProfile(db, storage, actor, {
      name: text(form, "name"),
      email: text(form, "email"),
      phone: text(form, "phone"),
      address: text(form, "address"),
      currentPassword: String(form.get("currentPassword") ?? ""),
    });
  } catch (error) {
    return formFailure(error, "Failed to update profile");
  }
  return redirectWithToast(context, "/profile", makeToast("success", "Profile updated successfully!"));
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Profile", description: "Your Kesar profile.", noindex: true });

const ROWS = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone Number", type: "tel", autoComplete: "tel" },
  { name: "address", label: "Address", type: "text", autoComplete: "street-address" },
] as const;

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, points, editing } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/profile";
  const saving = navigation.state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="card relative p-8">
        <div className="flex items-start justify-between">
          <h1 className="font-display text-3xl font-semibold">Profile</h1>
          {editing ? null : (
            <Link
              to="/profile?edit"
              className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
              aria-label="Edit profile"
              title="Edit profile"
            >
              <Pencil aria-hidden="true" className="size-5" />
            </Link>
          )}
        </div>
        {loading ? (
          <p role="status" className="mt-2 text-sm text-zinc-500">
            Loading...
          </p>
        ) : null}
        <div className="mt-6 flex justify-center">
          <ProfilePhoto url={profile.photoUrl} name={profile.name} size={128} />
        </div>
        {editing ? (
          <Form method="post" action="/profile?edit" className="mt-8 flex flex-col gap-4" noValidate>
            <FormError message={actionData?.message} />
            {ROWS.map((row) => (
              <TextField
                key={row.name}
                name={row.name}
                label={row.label}
                type={row.type}
                autoComplete={row.autoComplete}
                defaultValue={profile[row.name] ?? ""}
                error={errors[row.name]}
              />
            ))}
            <TextField
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="Needed only when you change your e-mail."
              error={errors.currentPassword}
            />
            <div className="flex gap-3">
              <button type="submit" className="btn-primary" disabled={saving}>
                {saving ? "Saving…" : "Save"}
              </button>
              <Link to="/profile" className="btn-outline">
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <dl className="mt-8 divide-y divide-zinc-200 dark:divide-zinc-800">
            {ROWS.map((row) => (
              <div key={row.name} className="grid grid-cols-[9rem_1fr] gap-4 py-3">
                <dt className="text-sm font-medium text-zinc-500">{row.label}</dt>
                <dd className={profile[row.name] ? "" : "text-zinc-400 italic"}>
                  {profile[row.name] || "Not provided"}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <RewardPoints balance={points.balance} ledger={points.ledger} />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/order" className="btn-gold">
            Check Orders
          </Link>
          <Link to="/profileform" className="btn-outline">
            Update photo or password
          </Link>
        </div>
      </div>
    </div>
  );
}
