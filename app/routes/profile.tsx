import { Pencil } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { getProfile } from "#server/accounts/profile.service.ts";
import { readForm } from "#server/http/forms.ts";
import { saveProfileForm } from "#server/http/profile-form.ts";
import { signedInOrLogin } from "#server/http/route-guards.ts";
import { appServices } from "#server/http/route-helpers.ts";
import { pointsSummary } from "#server/rewards/rewards.service.ts";
import { PROFILE_ROWS, ProfileFields } from "../components/account/profile-fields.tsx";
import { RewardPoints } from "../components/orders/reward-points.tsx";
import { FormError } from "../components/ui/form-error.tsx";
import { ProfilePhoto } from "../components/ui/profile-photo.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
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
  return saveProfileForm(context, actor, await readForm(request));
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Profile", description: "Your Kesar profile.", noindex: true });

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, points, editing } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/profile";
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
          <p role="status" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            Loading...
          </p>
        ) : null}
        <div className="mt-6 flex justify-center">
          <ProfilePhoto url={profile.photoUrl} name={profile.name} size={128} />
        </div>
        {editing ? (
          <Form method="post" action="/profile?edit" className="mt-8 flex flex-col gap-4" noValidate>
            <FormError message={actionData?.message} />
            <ProfileFields profile={profile} errors={errors} />
            <div className="flex gap-3">
              <SubmitButton label="Save" pendingLabel="Saving…" />
              <Link to="/profile" className="btn-outline">
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <dl className="mt-8 divide-y divide-zinc-200 dark:divide-zinc-800">
            {PROFILE_ROWS.map((row) => (
              <div key={row.name} className="grid grid-cols-[9rem_1fr] gap-4 py-3">
                <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{row.label}</dt>
                <dd className={profile[row.name] ? "" : "text-zinc-500 italic dark:text-zinc-400"}>
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
