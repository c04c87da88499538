import { describe, expect, it } from "vitest";
import { productJsonLd } from "./structured-data.ts";

const product = {
  id: 7,
  title: "Ivory Chikankari Kurta",
  price: 189_900,
  images: ["products/7/a.webp"],
  description: "Hand-embroidered.",
  category: "Ethnic",
  sizes: [{ stock: 2 }],
};

describe("a product's structured data", () => {
  it("says nothing of ratings when there are no published reviews (Google's rule)", () => {
    const ld = productJsonLd(product, "https://kesar.example", { count: 0, average: null, reviews: [] });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    expect(ld.offers).toMatchObject({ priceCurrency: "INR", price: "1899.00" });
  });

  it("carries the aggregate rating and each review shown, with its author, rating and date", () => {
    const publishedAt = Date.parse("2026-11-20T10:00:00Z");
    const ld = productJsonLd(product, "https://kesar.example", {
      count: 2,
      average: 4.5,
      reviews: [
        { title: "Lovely", body: "Fits well </script><b>x</b>", rating: 5, authorName: "Meera", publishedAt },
        { title: "Runs small", body: "Take a size up.", rating: 4, authorName: "Asha", publishedAt },
      ],
    });
    expect(ld).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
    expect(ld.review).toHaveLength(2);
    expect(ld.review?.[0]).toEqual({
      "@type": "Review",
      name: "Lovely",
      reviewBody: "Fits well </script><b>x</b>",
      datePublished: "2026-11-20T10:00:00.000Z",
      author: { "@type": "Person", name: "Meera" },
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
  });
});
