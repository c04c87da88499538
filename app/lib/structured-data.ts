import { imageSources } from "#core/image-shapes.ts";
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

/** What the product's structured data says of its published reviews. */
export type ReviewsForLd = {
  count: number;
  average: number | null;
  reviews: { title: string; body: string; rating: number; authorName: string; publishedAt: number }[];
};

/**
 * schema.org Product data for search engines: name, pictures, price in INR and availability, and,
 * only when it has published reviews (Google's rule), their aggregate rating and the reviews shown
 * on the page. The text goes through JSON and React Router's escaping of `<`, `>` and `&`, so a
 * review cannot close the script element.
 */
export function productJsonLd(product: ProductForLd, origin: string, reviews?: ReviewsForLd) {
  const inStock = product.sizes.some((size) => size.stock > 0);
  const rated = reviews && reviews.count > 0 && reviews.average !== null;
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
    ...(rated
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average,
            bestRating: 5,
            worstRating: 1,
            reviewCount: reviews.count,
          },
          review: reviews.reviews.map((review) => ({
            "@type": "Review",
            name: review.title,
            reviewBody: review.body,
            datePublished: new Date(review.publishedAt).toISOString(),
            author: { "@type": "Person", name: review.authorName },
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
