/** The home page's sections: their labels, where each tile leads, and the slot of its picture. */

export const HERO_SLIDES = [
  { slot: "hero-0", caption: "Let's Explore", to: "/allproducts" },
  { slot: "hero-1", caption: "Shop Now", to: "/pakistani-suits" },
  { slot: "hero-2", caption: "New Collections", to: "/allproducts?sort=new" },
] as const;

export const COLLECTION_TILES = [
  { slot: "collection-jewellery", label: "Jewellery", to: "/jewellery" },
  { slot: "collection-korean", label: "Korean Trend", to: "/korean-trendy" },
  { slot: "collection-handbags", label: "HandBags", to: "/handbags" },
  { slot: "collection-western", label: "Western", to: "/western" },
  { slot: "collection-ethnic", label: "Ethnic", to: "/ethnic" },
  { slot: "collection-accessories", label: "Accessories", to: "/accessories" },
] as const;

export const MOOD_TILES = [
  { slot: "mood-ethnic", label: "FEELING ETHNIC", to: "/ethnic" },
  { slot: "mood-aesthetic", label: "FEELING AESTHETIC", to: "/pakistani-suits" },
  { slot: "mood-hot", label: "FEELING HOT", to: "/western" },
  { slot: "mood-trendy", label: "FEELING TRENDY", to: "/korean-trendy" },
  { slot: "mood-chic", label: "FEELING CHIC", to: "/jewellery" },
  { slot: "mood-cool", label: "FEELING COOL", to: "/handbags" },
] as const;

export type HomeSlot =
  | (typeof HERO_SLIDES)[number]["slot"]
  | (typeof COLLECTION_TILES)[number]["slot"]
  | (typeof MOOD_TILES)[number]["slot"];
