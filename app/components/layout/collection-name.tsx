import { type Collection, collectionLinkName } from "#core/collections.ts";

/**
 * A collection's short label as the bar shows it; where the label alone says little ("More"), a
 * screen reader (and a search engine) hears the full title ("More Products").
 */
export function CollectionName({ collection }: { collection: Collection }) {
  const { label } = collection;
  const rest = collectionLinkName(collection).slice(label.length);
  return (
    <>
      {label}
      {rest ? <span className="sr-only">{rest}</span> : null}
    </>
  );
}
