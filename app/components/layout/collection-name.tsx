import { Link } from "react-router";
import { COLLECTIONS, type Collection, collectionLinkName } from "#core/collections.ts";

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

/** The ten collections as a list of links in two columns, for the bar's menu and the phone's menu. */
export function CollectionLinks({ listClassName, linkClassName }: { listClassName: string; linkClassName: string }) {
  return (
    <ul className={listClassName}>
      {COLLECTIONS.map((collection) => (
        <li key={collection.slug}>
          <Link to={`/${collection.slug}`} className={linkClassName}>
            <CollectionName collection={collection} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
