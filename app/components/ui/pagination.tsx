import { Link } from "react-router";

type PaginationProps = {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The address of another page, keeping whatever else the current address holds. */
  hrefFor: (page: number) => string;
};

/** Previous and Next around the current page number; shown only when there is more than one page. */
export function Pagination({ page, hasPrevious, hasNext, hrefFor }: PaginationProps) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
      {hasPrevious ? (
        <Link to={hrefFor(page - 1)} className="btn-outline" rel="prev">
          Previous
        </Link>
      ) : (
        <span className="btn-outline pointer-events-none opacity-40" aria-hidden="true">
          Previous
        </span>
      )}
      <span className="text-sm" aria-current="page">
        Page {page}
      </span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className="btn-outline" rel="next">
          Next
        </Link>
      ) : (
        <span className="btn-outline pointer-events-none opacity-40" aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
