import { Form } from "react-router";
import { z } from "zod";
import { formatDeliveryDay } from "#core/dates.ts";
import { formatCount } from "#core/numbers.ts";
import { changeDelivery, deliveryAdminView } from "#server/delivery/delivery-admin.service.ts";
import { formFailure } from "../../.server/action-results.ts";
import { appServices } from "../../.server/context.ts";
import { chosenFile, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast, redirectWithToast } from "../../.server/toasts.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { TitledSection } from "../../components/ui/titled-section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/delivery";

/** A courier's list of all India's pincodes is about 600 KB. */
const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return deliveryAdminView(appServices(context).db, actor, Date.now());
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  try {
    const form = await readForm(request, UPLOAD_LIMIT_BYTES);
    const message = await changeDelivery(appServices(context).db, actor, await deliveryChange(form));
    return redirectWithToast(context, "/admin/delivery", makeToast("success", message));
  } catch (error) {
    return formFailure(error);
  }
}

/** The screen's forms: the courier's list (a file beside the intent), a holiday added, a holiday removed. */
const deliveryForm = z.object({
  intent: z.enum(["upload", "add-holiday", "remove-holiday"], { error: "Unknown delivery action." }),
  day: z.string(),
  name: z.string(),
});

/** The form's intent and its fields, as the service takes them (the service checks them). */
async function deliveryChange(form: FormData): Promise<Parameters<typeof changeDelivery>[2]> {
  const { intent, day, name } = routeFields(form, deliveryForm);
  if (intent === "upload") return { intent, csv: (await chosenFile(form, "file")?.text()) ?? "" };
  if (intent === "add-holiday") return { intent, day, name };
  return { intent, day };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Delivery", description: "The courier's pincodes, holidays and promises kept.", noindex: true });

/** Where the shop delivers and when: the courier's list, the holidays, and how the promises held. */
export default function DeliveryAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { courierPincodes, holidays, promises } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold">Delivery</h1>
      <FormError message={errors.file ? actionData?.message : undefined} />
      <CourierList courierPincodes={courierPincodes} problems={errors.file} />
      <Holidays holidays={holidays} errors={errors} />
      <PromiseTable promises={promises} />
    </div>
  );
}

type Delivery = Route.ComponentProps["loaderData"];

/** The courier's list in use, and a new one to upload, with the lines of a refused file. */
function CourierList({ courierPincodes, problems }: { courierPincodes: number; problems: string | undefined }) {
  return (
    <TitledSection id="courier-list" title="Courier's pincodes" className="card flex flex-col gap-3 p-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {courierPincodes > 0
          ? `${formatCount(courierPincodes)} pincodes on the list in use.`
          : "No list yet: every pincode is promised by its distance from the warehouse."}{" "}
        A CSV with the columns pincode, prepaid, cod, reverse_pickup (Y or N), min_days and max_days replaces the whole
        list; a file with a bad line changes nothing.
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="upload" />
        <div>
          <label htmlFor="courier-file" className="label">
            Courier's CSV
          </label>
          <input id="courier-file" name="file" type="file" accept=".csv,text/csv" required className="text-sm" />
        </div>
        <SubmitButton label="Upload" pendingLabel="Uploading…" className="btn-primary" />
      </Form>
      {problems ? (
        <pre className="overflow-x-auto whitespace-pre-wrap rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {problems}
        </pre>
      ) : null}
    </TitledSection>
  );
}

/** The days nobody dispatches or delivers, each to remove, and a form to add one. */
function Holidays({ holidays, errors }: { holidays: Delivery["holidays"]; errors: Record<string, string> }) {
  return (
    <TitledSection id="holidays" title="Holidays" className="card flex flex-col gap-3 p-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Nothing is dispatched or delivered on Sundays and on these days.
      </p>
      <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {holidays.map((holiday) => (
          <li key={holiday.day} className="flex items-center justify-between gap-3 py-2">
            <span>
              {formatDeliveryDay(holiday.day)} {holiday.day.slice(0, 4)} · {holiday.name}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove-holiday" />
              <input type="hidden" name="day" value={holiday.day} />
              <button type="submit" className="btn-outline px-3 py-1" aria-label={`Remove ${holiday.name}`}>
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="add-holiday" />
        <TextField name="day" label="Date" type="date" required error={errors.day} />
        <TextField name="name" label="Holiday" placeholder="Diwali" required error={errors.name} />
        <SubmitButton label="Add holiday" pendingLabel="Saving…" className="btn-primary" />
      </Form>
    </TitledSection>
  );
}

/** The columns of the promises' table: the zone, then figures. */
const PROMISE_HEADS = ["Zone", "Delivered", "Promised (days)", "Taken (days)", "On time"];

function PromiseTable({ promises }: { promises: Route.ComponentProps["loaderData"]["promises"] }) {
  return (
    <TitledSection id="promises" title="Promises kept (last 90 days)" className="card flex flex-col gap-3 p-4">
      {promises.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No order with a promise has been delivered yet.</p>
      ) : (
        // A narrow screen may scroll the table: the keyboard can reach it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard.
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="w-full text-xs sm:text-sm">
            <thead>
              <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
                {PROMISE_HEADS.map((head, column) => (
                  <th key={head} scope="col" className={column === 0 ? "px-2 py-1.5" : "px-2 py-1.5 text-right"}>
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {promises.map((row) => (
                <tr key={row.zone} className="border-b border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {row.zone}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.delivered}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.promisedDays}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.actualDays}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{Math.round(row.onTime * 100)} %</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledSection>
  );
}
