/**
 * The ten storefront collections. A collection's members are the products with its flag set,
 * except Pinterest Finds and Western, whose members are matched on the category text.
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

export type Membership = { kind: "flag"; flag: CollectionFlag } | { kind: "category"; categoryKey: string };

export type Collection = {
  slug: string;
  /** The label in the category bar. */
  label: string;
  /** The heading of the listing page. */
  title: string;
  membership: Membership;
};

export const COLLECTIONS: readonly Collection[] = [
  collection("Pakistani Suits", "Pakistani Suits", { kind: "flag", flag: "isPakistaniSuits" }),
  collection("Korean Trendy", "Korean Trendy", { kind: "flag", flag: "isKoreanTrendy" }),
  collection("Pinterest Finds", "Pinterest Finds", { kind: "category", categoryKey: "pinterest finds" }),
  collection("Anarkali Dress", "Anarkali Dress", { kind: "flag", flag: "isAnarkaliDress" }),
  collection("Western", "Western", { kind: "category", categoryKey: "western" }),
  collection("Ethnic", "Ethnic", { kind: "flag", flag: "isEthnic" }),
  collection("Accessories", "Accessories", { kind: "flag", flag: "isAccessories" }),
  collection("Handbags", "Handbags", { kind: "flag", flag: "isHandbags" }),
  collection("Jewellery", "Jewellery", { kind: "flag", flag: "isJewellery" }),
  collection("More", "More Products", { kind: "flag", flag: "isMore" }),
];

/** The category bar links each label to the label lowercased with spaces replaced by hyphens. */
function collection(label: string, title: string, membership: Membership): Collection {
  return { slug: label.toLowerCase().replaceAll(" ", "-"), label, title, membership };
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
