import { Link } from "react-router";
import { listingUrl } from "../../lib/listing.ts";

/** Previous and next page links that keep the filters. */
export function Pagination(props: {
  pathname: string;
  search: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  const { pathname, search, page, hasPrevious, hasNext } = props;
  if (!hasPrevious && !hasNext) return null;
  const params = new URLSearchParams(search);
  const to = (target: number) => listingUrl(pathname, params, { page: target === 1 ? undefined : String(target) });
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
      {hasPrevious ? (
        <Link to={to(page - 1)} className="btn-outline" rel="prev">
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
        <Link to={to(page + 1)} className="btn-outline" rel="next">
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
