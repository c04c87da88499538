import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

type PaginationProps = {
  page: number;
  /** When known: how many pages there are, and how many things on all of them ("103 products"). */
  pageCount?: number;
  total?: string;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The address of another page, keeping whatever else the current address holds. */
  hrefFor: (page: number) => string;
};

/** Previous and Next around the current page number; shown only when there is more than one page. */
export function Pagination({ page, pageCount, total, hasPrevious, hasNext, hrefFor }: PaginationProps) {
  const t = useT();
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={t("pages.label")} className="mt-10 flex items-center justify-center gap-4">
      {hasPrevious ? (
        <Link to={hrefFor(page - 1)} className="btn-outline" rel="prev">
          {t("pages.previous")}
        </Link>
      ) : (
        <span className="btn-outline pointer-events-none text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          {t("pages.previous")}
        </span>
      )}
      <span className="text-sm" aria-current="page">
        {t("pages.page", { page })}
        {pageCount ? t("pages.of", { count: pageCount }) : ""}
        {total ? ` · ${total}` : ""}
      </span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className="btn-outline" rel="next">
          {t("pages.next")}
        </Link>
      ) : (
        <span className="btn-outline pointer-events-none text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          {t("pages.next")}
        </span>
      )}
    </nav>
  );
}
