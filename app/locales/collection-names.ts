import type { Collection } from "#core/collections.ts";
import type { MessageId, Translate } from "./i18n.ts";

/*
 * The ten collections' names in the page's language. The collections are the shop's vocabulary
 * (core/collections.ts); their names are messages like any other.
 */
const LABEL_IDS: Record<string, MessageId> = {
  "pakistani-suits": "collection.pakistani-suits",
  "korean-trendy": "collection.korean-trendy",
  "pinterest-finds": "collection.pinterest-finds",
  "anarkali-dress": "collection.anarkali-dress",
  western: "collection.western",
  ethnic: "collection.ethnic",
  accessories: "collection.accessories",
  handbags: "collection.handbags",
  jewellery: "collection.jewellery",
  more: "collection.more",
};

/** The bar's short name ("More"). */
export function collectionLabel(t: Translate, collection: Collection): string {
  const id = LABEL_IDS[collection.slug];
  return id ? t(id) : collection.label;
}

/** The listing's heading ("More Products"). */
export function collectionTitle(t: Translate, collection: Collection): string {
  return collection.slug === "more" ? t("collectionTitle.more") : collectionLabel(t, collection);
}

/** What a link to it says: its title where the label is a short form of it. */
export function collectionLinkText(t: Translate, collection: Collection): string {
  return collectionTitle(t, collection);
}
