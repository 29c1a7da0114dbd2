import { Icon } from "~/components/icons/icon";
import { pageWindow } from "~/domain/browse/listing-text";
import { Link } from "react-router";

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
        <Link to={hrefFor(page - 1)} rel="prev" className="pill pill-edge">
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
                className={n === page ? "pill bg-ink text-white" : "pill pill-plain"}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className="pill pill-edge">
          Next
          <Icon name="chevron-right" className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}
