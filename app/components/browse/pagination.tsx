import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { pageWindow } from "~/domain/browse/listing-text";

const pill = "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold transition";

/** Plain links, so paging works without JavaScript; with it, React Router fetches just the data. */
export function Pagination({
  page,
  pages,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${pill} gap-1 border border-stone-300 bg-white hover:border-ink`}>
          <Icon name="chevron-left" className="h-4 w-4" />
          Previous
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1.5">
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-stone-600">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={`${pill} ${n === page ? "bg-ink text-white" : "text-ink hover:bg-stone-200"}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${pill} gap-1 border border-stone-300 bg-white hover:border-ink`}>
          Next
          <Icon name="chevron-right" className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}
