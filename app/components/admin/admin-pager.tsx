import { Link } from "react-router";

const pageLink = "rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100";

/**
 * The back office's pager under a list: previous, "Page n of m", next. Plain links to the list's own URL with
 * the page changed (hrefFor keeps its filters), so it works without JavaScript. Nothing when one page holds all.
 */
export function AdminPager({
  page,
  pageCount,
  hrefFor,
  previousLabel = "← Previous",
  nextLabel = "Next →",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link rel="prev" to={hrefFor(page - 1)} className={pageLink}>
          {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link rel="next" to={hrefFor(page + 1)} className={pageLink}>
          {nextLabel}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
