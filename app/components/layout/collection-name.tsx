import { COLLECTIONS, type Collection } from "#core/collections.ts";
import { collectionLabel, collectionLinkText } from "../../locales/collection-names.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

/**
 * A collection's short label as the bar shows it; where the label alone says little ("More"), a
 * screen reader (and a search engine) hears the full title ("More Products").
 */
export function CollectionName({ collection }: { collection: Collection }) {
  const t = useT();
  const label = collectionLabel(t, collection);
  const rest = collectionLinkText(t, collection).slice(label.length);
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
