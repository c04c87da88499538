/**
 * The ten storefront collections. A collection's members are the products with its flag set;
 * Pinterest Finds and Western also take every product whose category text is theirs (the shop
 * sets their flag when such a product is saved, so the flag alone decides membership).
 */
export const COLLECTION_FLAGS = [
  "isPakistaniSuits",
  "isKoreanTrendy",
  "isPinterestFinds",
  "isAnarkaliDress",
  "isWestern",
  "isEthnic",
  "isAccessories",
  "isHandbags",
  "isJewellery",
  "isMore",
] as const;

export type CollectionFlag = (typeof COLLECTION_FLAGS)[number];

export type Collection = {
  slug: string;
  /** The label in the category bar. */
  label: string;
  /** The heading of the listing page. */
  title: string;
  flag: CollectionFlag;
  /** A category text (lower case) whose products belong here whatever their flag says. */
  categoryKey?: string;
};

export const COLLECTIONS: readonly Collection[] = [
  collection("Pakistani Suits", "Pakistani Suits", "isPakistaniSuits"),
  collection("Korean Trendy", "Korean Trendy", "isKoreanTrendy"),
  collection("Pinterest Finds", "Pinterest Finds", "isPinterestFinds", "pinterest finds"),
  collection("Anarkali Dress", "Anarkali Dress", "isAnarkaliDress"),
  collection("Western", "Western", "isWestern", "western"),
  collection("Ethnic", "Ethnic", "isEthnic"),
  collection("Accessories", "Accessories", "isAccessories"),
  collection("Handbags", "Handbags", "isHandbags"),
  collection("Jewellery", "Jewellery", "isJewellery"),
  collection("More", "More Products", "isMore"),
];

/**
 * What a link to a collection is called: its title where the bar's label is a short form of it
 * ("More" is "More Products"), so that the link says where it goes.
 */
export function collectionLinkName(collection: Collection): string {
  return collection.title.startsWith(collection.label) ? collection.title : collection.label;
}

/** The category bar links each label to the label lowercased with spaces replaced by hyphens. */
function collection(label: string, title: string, flag: CollectionFlag, categoryKey?: string): Collection {
  return {
    slug: label.toLowerCase().replaceAll(" ", "-"),
    label,
    title,
    flag,
    ...(categoryKey ? { categoryKey } : {}),
  };
}

/** The flags a product carries: those ticked, and those its category text implies. */
export function effectiveFlags(
  flags: Record<CollectionFlag, boolean>,
  category: string,
): Record<CollectionFlag, boolean> {
  const key = category.trim().toLowerCase();
  const implied = COLLECTIONS.filter((entry) => entry.categoryKey === key).map((entry) => entry.flag);
  return Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, flags[flag] || implied.includes(flag)])) as Record<
    CollectionFlag,
    boolean
  >;
}

export function findCollection(slug: string): Collection | undefined {
  return COLLECTIONS.find((candidate) => candidate.slug === slug);
}

/** Human labels of the flags, for the admin form. */
export const FLAG_LABELS: Record<CollectionFlag, string> = {
  isPakistaniSuits: "Pakistani Suits",
  isKoreanTrendy: "Korean Trendy",
  isPinterestFinds: "Pinterest Finds",
  isAnarkaliDress: "Anarkali Dress",
  isWestern: "Western",
  isEthnic: "Ethnic",
  isAccessories: "Accessories",
  isHandbags: "Handbags",
  isJewellery: "Jewellery",
  isMore: "More",
};

/** Every flag set to whether it is in the list. */
export function flagRecord(flags: readonly CollectionFlag[]): Record<CollectionFlag, boolean> {
  return Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, flags.includes(flag)])) as Record<
    CollectionFlag,
    boolean
  >;
}
