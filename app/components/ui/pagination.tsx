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
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
      {hasPrevious ? (
        <Link to={hrefFor(page - 1)} className="btn-outline" rel="prev">
          Previous
        </Link>
      ) : (
        <span className="btn-outline pointer-events-none text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          Previous
        </span>
      )}
      <span className="text-sm" aria-current="page">
        Page {page}
        {pageCount ? ` of ${pageCount}` : ""}
        {total ? ` · ${total}` : ""}
      </span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className="btn-outline" rel="next">
          Next
        </Link>
      ) : (
        <span className="btn-outline pointer-events-none text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
