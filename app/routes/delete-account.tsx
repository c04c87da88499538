import { Link } from "react-router";
import { visibleEmail } from "#core/phone.ts";
import { deletionSchema } from "#server/accounts/accounts.schemas.ts";
import { deleteAccount } from "#server/accounts/identity.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { signOutHeaders } from "../.server/sign-in.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/delete-account";

export async function loader({ context, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, url });
  // An account made by phone has no e-mail to name it by: its name does.
  return { email: visibleEmail(actor.email) ?? actor.name };
}

/** Deletes the account after the password and a tick; the browser is signed out. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, url });
  const { db, storage } = appServices(context);
  const form = await readForm(request);
  try {
    await deleteAccount(db, storage, actor, formFields(form, deletionSchema));
  } catch (error) {
    return formFailure(error);
  }
  const headers = await signOutHeaders(context);
  return redirectWithToast(context, "/", makeToast("success", "Your account has been deleted."), { headers });
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Delete my account", description: "Delete your Kesar account.", noindex: true });

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Delete my account"
      other={{ question: "Changed your mind?", label: "Back to your profile", to: "/profile" }}
    >
      <WhatDeletingDoes email={loaderData.email} />
      <AuthForm
        message={actionData?.message}
        submit={{
          label: "Delete my account",
          pendingLabel: "Deleting…",
          className: "btn w-full bg-red-700 text-white hover:bg-red-800",
        }}
        after={
          <Link to="/profile" className="btn-outline w-full">
            Keep my account
          </Link>
        }
      >
        <TextField
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          error={actionData?.fieldErrors?.password}
        />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" className="mt-1" />
          <span>I understand that my account and my details are deleted for good.</span>
        </label>
        {actionData?.fieldErrors?.confirm ? (
          <p className="text-sm text-red-700 dark:text-red-400">{actionData.fieldErrors.confirm}</p>
        ) : null}
      </AuthForm>
    </AuthCard>
  );
}

/** What goes with the account, what stays with the shop, and how orders stay reachable. */
function WhatDeletingDoes({ email }: { email: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        Deleting the account of <strong>{email}</strong> removes your name, e-mail, phone, address, photo, cart,
        wishlist, reward points, store credit and the photos sent with returns, and signs you out everywhere. It cannot
        be undone.
      </p>
      <p>
        Your past orders stay with the shop, detached from any account, because a seller must keep its tax invoices. You
        can sign up again with the same e-mail address.
      </p>
      <p>
        Each order's e-mails keep a link that opens it without an account. Lost them? Ask for the link again with{" "}
        <Link to="/orders/find" className="font-semibold underline">
          Find my order
        </Link>
        .
      </p>
    </div>
  );
}
