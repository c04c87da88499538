import { z } from "zod";
import { adjustSizeStock, productStock, saveSizeCodes } from "#server/catalog/variants.service.ts";
import { actionDone, actionFailed } from "../../.server/action-results.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import { MovementsTable, SizeStockCard } from "../../components/admin/stock-forms.tsx";
import { UpLink } from "../../components/admin/up-link.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/product-stock";

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  return productStock(db, actor, idFromPath(params.productId, "This product could not be found."));
}

/** The two forms of the screen, as typed: a size's codes, or a move of its stock. */
const stockForm = z.union([
  z.object({
    intent: z.literal("codes"),
    size: z.string(),
    sku: z.string(),
    barcode: z.string(),
    reorderPoint: z.string(),
  }),
  z.object({ intent: z.literal("adjust"), size: z.string(), kind: z.string(), quantity: z.string(), note: z.string() }),
]);

const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const productId = idFromPath(params.productId, "This product could not be found.");
  const backTo = url.pathname;
  try {
    const fields = formFields(await readForm(request), stockForm) as Record<string, string>;
    if (fields.intent === "codes") {
      const reorder = (fields.reorderPoint ?? "").trim();
      await saveSizeCodes(db, actor, productId, {
        size: fields.size ?? "",
        sku: fields.sku ?? "",
        barcode: fields.barcode ?? "",
        reorderPoint: reorder === "" ? null : wholeNumber(reorder),
      });
      return actionDone(context, request, makeToast("success", `Size ${fields.size} saved.`), { backTo });
    }
    const stock = await adjustSizeStock(db, actor, productId, {
      kind: fields.kind as "received",
      size: fields.size ?? "",
      quantity: wholeNumber(fields.quantity ?? ""),
      note: fields.note ?? "",
    });
    return actionDone(context, request, makeToast("success", `Size ${fields.size}: ${stock} pieces now.`), { backTo });
  } catch (error) {
    return actionFailed(context, request, error, { backTo });
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Stock", description: "A product's stock.", noindex: true });

export default function ProductStock({ loaderData }: Route.ComponentProps) {
  const { product, sizes, movements } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <UpLink to="/admin/products">Products</UpLink>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">Stock of {product.title}</h1>
        <a href={`/admin/products/${product.id}/stickers.pdf`} className="btn-outline">
          Print size stickers
        </a>
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{product.handle}</p>
      <div className="mt-6 grid gap-4">
        {sizes.map((size) => (
          <SizeStockCard key={size.size} size={size} />
        ))}
      </div>
      <h2 className="mt-8 text-lg font-semibold">Movements</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls inside this box, and a keyboard must be able to scroll it too (WCAG 2.1.1). */}
      <section className="mt-2 overflow-x-auto" aria-label="Movements table" tabIndex={0}>
        <MovementsTable movements={movements} />
      </section>
    </div>
  );
}
