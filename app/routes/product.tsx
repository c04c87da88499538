import { useState } from "react";
import { data } from "react-router";
import { imageSources } from "#core/images.ts";
import { formatInr, rupeeDecimal } from "#core/money.ts";
import { materialLabel } from "#core/sizes.ts";
import { getProduct } from "#server/catalog/catalog.service.ts";
import { appServices, publicOrigin } from "../.server/context.ts";
import { DeliveryCheck } from "../components/catalog/delivery-check.tsx";
import { ProductActions } from "../components/catalog/product-actions.tsx";
import { ProductGallery } from "../components/catalog/product-gallery.tsx";
import { initialSize } from "../components/catalog/size-picker.tsx";
import { pageMeta } from "../lib/seo.ts";
import { productJsonLd } from "../lib/structured-data.ts";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!/^\d{1,12}$/.test(params.id)) throw data(null, { status: 404 });
  const { db } = appServices(context);
  const product = await getProduct(db, id);
  return { product, origin: publicOrigin(context) };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const { product, origin } = loaderData;
  const image = product.images[0] ? imageSources(product.images[0], "product", 960).src : undefined;
  return [
    ...pageMeta({
      title: product.title,
      description: product.description.slice(0, 160),
      path: location.pathname,
      origin,
      image,
      type: "product",
    }),
    { property: "product:price:amount", content: rupeeDecimal(product.price) },
    { property: "product:price:currency", content: "INR" },
    { "script:ld+json": productJsonLd(product, origin) },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [size, setSize] = useState(() => initialSize(product.sizes));
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-8 md:grid-cols-2">
      <ProductGallery images={product.images} title={product.title} />
      <section aria-labelledby="product-title" className="flex flex-col gap-4">
        <p className="text-sm font-medium tracking-widest text-gold-700 uppercase dark:text-gold-300">
          {product.category}
        </p>
        <h1 id="product-title" className="font-display text-3xl font-semibold">
          {product.title}
        </h1>
        <p className="text-2xl font-semibold">{formatInr(product.price)}</p>
        <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{product.description}</p>
        {product.description1 ? (
          <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{product.description1}</p>
        ) : null}
        <dl className="grid grid-cols-[6rem_1fr] gap-y-1 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">{materialLabel(product.hsn)}</dt>
          <dd>{product.fabric ?? "—"}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Type</dt>
          <dd>{product.type}</dd>
        </dl>
        <ProductActions productId={product.id} sizes={product.sizes} size={size} onSizeChange={setSize} />
        <DeliveryCheck />
      </section>
    </div>
  );
}
