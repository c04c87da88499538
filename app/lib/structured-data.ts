import { imageSources } from "#core/images.ts";
import { rupeeDecimal } from "#core/money.ts";

type ProductForLd = {
  id: number;
  title: string;
  price: number;
  images: string[];
  description: string;
  category: string;
  sizes: { stock: number }[];
};

/** schema.org Product data for search engines: name, pictures, price in INR and availability. */
export function productJsonLd(product: ProductForLd, origin: string) {
  const inStock = product.sizes.some((size) => size.stock > 0);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    category: product.category,
    sku: String(product.id),
    image: product.images.map((image) => {
      const src = imageSources(image, "product", 960).src;
      return src.startsWith("/") ? `${origin}${src}` : src;
    }),
    offers: {
      "@type": "Offer",
      url: `${origin}/productinfo/${product.id}`,
      priceCurrency: "INR",
      price: rupeeDecimal(product.price),
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}
