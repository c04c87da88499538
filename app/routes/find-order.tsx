import { orderLinkSchema } from "#server/orders/orders.schemas.ts";
import { sendOrderLink } from "#server/orders/orders.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices, requestInfo } from "../.server/context.ts";
import { formFields, readForm } from "../.server/forms.ts";
import { localeOf } from "../.server/locale.ts";
import { AuthCard, AuthForm } from "../components/ui/auth-card.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { EmailField, TextField } from "../components/ui/text-field.tsx";
import { useT } from "../locales/i18n.ts";
import { privatePageMeta } from "../locales/page-meta.ts";
import type { Route } from "./+types/find-order";

/** A guest's way back to an order: its link is mailed to the address on the order. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    await sendOrderLink(appServices(context).db, formFields(form, orderLinkSchema), {
      ip: requestInfo(context).ip,
      locale: localeOf(request),
    });
  } catch (error) {
    return formFailure(error);
  }
  return { ok: true as const };
}

export const meta = privatePageMeta("find.title", "find.description");

export default function FindOrder({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthCard title={t("find.title")} other={{ question: t("auth.haveAccount"), label: t("auth.login"), to: "/login" }}>
      {actionData?.ok ? (
        <Notice tone="success">{t("find.sent")}</Notice>
      ) : (
        <AuthForm
          intro={t("find.intro")}
          message={actionData?.message}
          submit={{ label: t("find.send"), pendingLabel: t("find.sending") }}
        >
          <TextField
            name="orderNumber"
            label={t("find.orderNumber")}
            placeholder="KS-100123"
            required
            error={actionData?.fieldErrors?.orderNumber}
          />
          <EmailField error={actionData?.fieldErrors?.email} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
