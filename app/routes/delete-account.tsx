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
import { fillInNodes } from "../locales/fill-in-nodes.tsx";
import { useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import { serviceText } from "../locales/service-text.ts";
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

export const meta = privatePageMeta("profile.deleteAccount", "delete.description");

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthCard
      title={t("profile.deleteAccount")}
      other={{ question: t("delete.changedMind"), label: t("acct.backToProfile"), to: "/profile" }}
    >
      <WhatDeletingDoes email={loaderData.email} />
      <AuthForm
        message={actionData?.message}
        submit={{
          label: t("profile.deleteAccount"),
          pendingLabel: t("delete.deleting"),
          className: "btn w-full bg-red-700 text-white hover:bg-red-800",
        }}
        after={
          <Link to="/profile" className="btn-outline w-full">
            {t("delete.keep")}
          </Link>
        }
      >
        <TextField
          name="password"
          label={t("delete.yourPassword")}
          type="password"
          autoComplete="current-password"
          required
          error={actionData?.fieldErrors?.password}
        />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" className="mt-1" />
          <span>{t("delete.understand")}</span>
        </label>
        {actionData?.fieldErrors?.confirm ? (
          <p className="text-sm text-red-700 dark:text-red-400">{serviceText(t, actionData.fieldErrors.confirm)}</p>
        ) : null}
      </AuthForm>
    </AuthCard>
  );
}

/** What goes with the account, what stays with the shop, and how orders stay reachable. */
function WhatDeletingDoes({ email }: { email: string }) {
  const t = useT();
  const findOrder = (
    <Link to="/orders/find" className="font-semibold underline">
      {t("find.title")}
    </Link>
  );
  return (
    <div className="flex flex-col gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p>{fillInNodes(t("delete.removes"), { email: <strong>{email}</strong> })}</p>
      <p>{t("delete.ordersStay")}</p>
      <p>{fillInNodes(t("delete.links"), { link: findOrder })}</p>
    </div>
  );
}
