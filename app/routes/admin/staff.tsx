import { Form } from "react-router";
import { z } from "zod";
import { formatShopDateTime } from "#core/dates.ts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES } from "#core/permissions.ts";
import { inviteSchema, removalSchema, revocationSchema, roleChangeSchema } from "#server/staff/staff.schemas.ts";
import {
  changeStaffRole,
  inviteStaff,
  removeStaff,
  staffPage,
  withdrawInvitation,
} from "#server/staff/staff.service.ts";
import { actionDone, formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { SelectField, TextField } from "../../components/ui/text-field.tsx";
import { TitledSection } from "../../components/ui/titled-section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/staff";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return staffPage(appServices(context).db, actor);
}

const staffForm = z.object({
  intent: z.enum(["invite", "change-role", "remove", "withdraw"], { error: "Unknown staff action." }),
});

const DONE = {
  invite: "Invitation sent",
  "change-role": "Role changed: their sessions have ended",
  remove: "Access removed: their sessions have ended",
  withdraw: "Invitation withdrawn",
} as const;

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const form = await readForm(request);
  const { intent } = routeFields(form, staffForm);
  try {
    if (intent === "invite") await inviteStaff(db, actor, formFields(form, inviteSchema));
    else if (intent === "change-role") await changeStaffRole(db, actor, formFields(form, roleChangeSchema));
    else if (intent === "remove") await removeStaff(db, actor, formFields(form, removalSchema));
    else await withdrawInvitation(db, actor, formFields(form, revocationSchema));
  } catch (error) {
    return formFailure(error);
  }
  return actionDone(context, request, makeToast("success", DONE[intent]), { backTo: "/admin/staff" });
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Staff", description: "The shop's staff and their roles.", noindex: true });

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}`,
}));

type Data = Route.ComponentProps["loaderData"];

/** The staff and their roles, the invitations still open, and an invitation to send. */
export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData?.ok === false ? actionData : undefined;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Staff</h1>
      <FormError
        message={failure?.message}
        fieldErrors={failure?.fieldErrors}
        labels={{ email: "E-mail", role: "Role" }}
      />
      <Invite errors={failure?.fieldErrors ?? {}} />
      <Members members={loaderData.members} />
      <Invitations invitations={loaderData.invitations} />
    </div>
  );
}

function Invite({ errors }: { errors: Record<string, string> }) {
  return (
    <TitledSection id="invite" title="Invite a colleague" className="card p-4">
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        They get an e-mail with a link to set their password; it works once, for 72 hours.
      </p>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <TextField name="email" label="E-mail" type="email" autoComplete="off" required error={errors.email} />
        <SelectField
          name="role"
          label="Role"
          placeholder="Choose a role"
          options={ROLE_OPTIONS}
          defaultValue=""
          error={errors.role}
        />
        <SubmitButton label="Send invitation" pendingLabel="Sending…" intent="invite" />
      </Form>
    </TitledSection>
  );
}

function Members({ members }: { members: Data["members"] }) {
  return (
    <TitledSection id="members" title="Members" className="card p-4">
      <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="staff-members">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="text-sm">
              <p className="font-medium">
                {member.name} {member.isYou ? <span className="text-zinc-600 dark:text-zinc-400">(you)</span> : null}
              </p>
              <p className="break-all text-zinc-600 dark:text-zinc-400">
                {member.email} · {ROLE_LABELS[member.role]}
                {member.lastLoginAt ? ` · last in ${formatShopDateTime(member.lastLoginAt)}` : ""}
              </p>
            </div>
            {member.isYou ? null : <MemberForms member={member} />}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

function MemberForms({ member }: { member: Data["members"][number] }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="change-role" />
        <input type="hidden" name="userId" value={member.id} />
        <label htmlFor={`role-${member.id}`} className="sr-only">
          Role of {member.email}
        </label>
        <select id={`role-${member.id}`} name="role" defaultValue={member.role} className="field py-1.5">
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-outline px-3 py-1.5">
          Change role
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="userId" value={member.id} />
        <button type="submit" className="btn-outline px-3 py-1.5" aria-label={`Remove access of ${member.email}`}>
          Remove access
        </button>
      </Form>
    </div>
  );
}

function Invitations({ invitations }: { invitations: Data["invitations"] }) {
  if (invitations.length === 0) return null;
  return (
    <TitledSection id="invitations" title="Invitations not yet accepted" className="card p-4">
      <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="break-all">
              {invitation.email} · {ROLE_LABELS[invitation.role]} · by {invitation.invitedBy} ·{" "}
              {invitation.expiresAt
                ? `link works until ${formatShopDateTime(invitation.expiresAt)}`
                : "mail on its way"}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="withdraw" />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <button
                type="submit"
                className="btn-outline px-3 py-1"
                aria-label={`Withdraw the invitation to ${invitation.email}`}
              >
                Withdraw
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
