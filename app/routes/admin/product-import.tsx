import { useNavigation } from "react-router";
import { z } from "zod";
import {
  checkProductFile,
  checkSummary,
  importProductFile,
  productImportReport,
} from "#server/catalog/csv/product-files.service.ts";
import { CSV_MAX_BYTES } from "#server/csv/csv-reader.ts";
import { AppError } from "#server/errors.ts";
import { formFailure } from "../../.server/action-results.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { chosenFile, readForm, routeFields } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { CheckResult, ImportResult } from "../../components/admin/product-import-results.tsx";
import { UpLink } from "../../components/admin/up-link.tsx";
import { FormError } from "../../components/ui/form-error.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/product-import";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const report = url.searchParams.get("report");
  return {
    report: report ? await productImportReport(db, actor, idFromPath(report, "This import could not be found.")) : null,
  };
}

const importForm = z.object({ intent: z.enum(["check", "import"], { error: "Choose Check or Import." }) });

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, config } = appServices(context);
  try {
    const form = await readForm(request, CSV_MAX_BYTES + 64 * 1024);
    const { intent } = routeFields(form, importForm);
    const file = chosenFile(form, "file");
    if (!file) throw new AppError("validation-failed", "Choose a CSV file first.", { file: "Choose a file." });
    const source = file.stream() as unknown as AsyncIterable<Uint8Array>;
    if (intent === "check") {
      const plan = await checkProductFile(db, actor, source, { publicUrl: config.publicUrl });
      return { ok: true as const, kind: "check" as const, fileName: file.name, summary: checkSummary(plan) };
    }
    const report = await importProductFile(db, actor, source, { publicUrl: config.publicUrl, fileName: file.name });
    return { ok: true as const, kind: "import" as const, fileName: file.name, report };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Import products", description: "Import products from a CSV file.", noindex: true });

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <UpLink to="/admin/products">Products</UpLink>
      <h1 className="mt-2 font-display text-3xl font-semibold">Import products</h1>
      <p className="mt-2 max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
        A CSV file in Shopify's product layout, one row per size (Shopify's own export reads as it is). Check reads the
        whole file and lists every problem by line and column without changing anything; Import writes each product that
        has no problem.
      </p>
      <form
        method="post"
        encType="multipart/form-data"
        className="card mt-6 grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto]"
      >
        <label className="grid gap-1 text-sm font-medium">
          CSV file (at most 10 MB)
          <input type="file" name="file" accept=".csv,text/csv" required className="field" />
        </label>
        <button type="submit" name="intent" value="check" className="btn-outline self-end" disabled={busy}>
          Check
        </button>
        <button type="submit" name="intent" value="import" className="btn-gold self-end" disabled={busy}>
          Import
        </button>
      </form>
      {actionData && !actionData.ok ? <FormError message={actionData.message} /> : null}
      {actionData?.ok && actionData.kind === "check" ? (
        <CheckResult fileName={actionData.fileName} summary={actionData.summary} />
      ) : null}
      {actionData?.ok && actionData.kind === "import" ? (
        <ImportResult fileName={actionData.fileName} report={actionData.report} />
      ) : null}
      {!actionData && loaderData.report ? (
        <ImportResult fileName={loaderData.report.fileName} report={loaderData.report} />
      ) : null}
    </div>
  );
}
