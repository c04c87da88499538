import { localeOfPath } from "#core/locales.ts";
import { readWholeNumber } from "#core/numbers.ts";
import { returnOptions } from "#server/returns/return-options.ts";
import { requestReturn, returnRequestSchema, type WhichOrder } from "#server/returns/returns.service.ts";
import { MAX_UPLOAD_BYTES } from "#server/storage/shaped-images.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { chosenFile, formFields, readForm } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { actorOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { ReturnPage } from "../components/returns/return-form.tsx";
import { pageMeta } from "../lib/seo.ts";
import { translator, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/order-return";

type Args = Pick<Route.LoaderArgs, "params" | "context" | "url">;

/** The form with its one optional photo, and room for the fields beside it. */
const FORM_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** The customer's own order by number (signed in), or a guest's through the order's secret link. */
function whoAndWhich({ params, context, url }: Args) {
  if (params.token) return { actor: actorOf(context), which: { accessToken: params.token } as WhichOrder };
  const actor = signedInOrLogin({ context, url });
  return { actor, which: { orderNumber: String(params.number ?? "") } as WhichOrder };
}

function orderPage(params: Args["params"]): string {
  return params.token ? `/orders/${params.token}` : `/order/${params.number}`;
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, which } = whoAndWhich(args);
  const { db, config } = appServices(args.context);
  return { options: await returnOptions(db, config, actor, which), backTo: orderPage(args.params) };
}

/** The shopper asks to return or exchange pieces of one line; the order page then shows the request. */
export async function action(args: Route.ActionArgs) {
  const { actor, which } = whoAndWhich(args);
  const { db, config, storage } = appServices(args.context);
  const form = await readForm(args.request, FORM_LIMIT);
  const fields = formFields(form, returnRequestSchema);
  try {
    const file = chosenFile(form, "photo");
    const photo = file ? { storage, data: Buffer.from(await file.arrayBuffer()) } : null;
    await requestReturn(db, config, actor, which, fields, Date.now(), photo);
  } catch (error) {
    // Which line's form failed, so that its message stands beside it.
    const position = readWholeNumber(String(fields.position)) ?? -1;
    return formFailure(error, undefined, { position: String(position) });
  }
  return redirectWithToast(
    args.context,
    orderPage(args.params),
    makeToast("success", "Your request is sent: we e-mail you at each step"),
  );
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translator(localeOfPath(location.pathname));
  return [
    ...pageMeta({ title: t("returns.title"), description: t("returns.description"), noindex: true }),
    // A guest's address holds the order's secret: it must not leak through the Referer header.
    { name: "referrer", content: "no-referrer" },
  ];
};

export default function OrderReturn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={loaderData.backTo} className="text-sm underline">
        {t("returns.backToOrder")}
      </Link>
      <div className="mt-4">
        <ReturnPage
          options={loaderData.options}
          failure={actionData ? { ...actionData, position: Number(actionData.values?.position) } : undefined}
        />
      </div>
    </div>
  );
}
