import { type MessageId, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

type EmptyResultsProps = {
  /** The search typed, if any. */
  q: string | undefined;
  /** The listing's name ("All Products", "Pakistani Suits"). */
  title: string;
  /** Whether this is a collection rather than the whole shop. */
  inCollection: boolean;
  /** Whether the shopper chose a type, a fabric or a highest price. */
  filtered: boolean;
  /** Searches of the whole shop that find something (decision record 35). */
  instead: readonly string[];
};

/**
 * What a listing says when it shows nothing: about the words searched for, about the filters only
 * when some are set, and the nearest searches that do find something.
 */
export function EmptyResults({ q, title, inCollection, filtered, instead }: EmptyResultsProps) {
  const t = useT();
  const where = filtered ? t("empty.withFilters") : inCollection ? t("empty.inCollection", { title }) : "";
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-16 text-center">
      <p className="max-w-full text-lg font-medium wrap-anywhere">
        {q ? (
          <>
            {t("empty.nothingMatches", { q })}
            {where}
          </>
        ) : filtered ? (
          t("empty.noMatchFilters")
        ) : (
          t("empty.noProducts")
        )}
      </p>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        {t(advice(q, filtered, inCollection, instead.length > 0))}
      </p>
      {instead.length > 0 ? (
        <ul aria-label={t("empty.searchesThatFind")} className="flex max-w-full flex-wrap justify-center gap-2">
          {instead.map((search) => (
            <li key={search}>
              <Link
                to={`/allproducts?q=${encodeURIComponent(search)}`}
                className="btn-outline inline-flex max-w-full px-3 py-1.5 text-sm wrap-anywhere"
              >
                {search === q && (filtered || inCollection) ? t("empty.inAllProducts", { search }) : search}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function advice(q: string | undefined, filtered: boolean, inCollection: boolean, offers: boolean): MessageId {
  if (!q) return filtered ? "empty.adviceHigherPrice" : "empty.adviceSoon";
  if (filtered) return offers ? "empty.adviceHigherPriceOr" : "empty.adviceFewer";
  if (inCollection) return offers ? "empty.adviceAllOr" : "empty.adviceWord";
  return offers ? "empty.adviceSpellingOr" : "empty.adviceSpelling";
}
